import { Column, CreateDateColumn, Entity, PrimaryColumn, Unique } from 'typeorm';

export type CodePurpose = 'SIGN_UP' | 'RESET_PASSWORD' | 'EMAIL_MFA';

/** The one live e-mailed code of a user for a purpose; a new one replaces it. */
@Entity('identity_codes')
@Unique('uq_identity_codes_user_purpose', ['userSub', 'purpose'])
export class OneTimeCode {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'user_sub', type: 'varchar', length: 36 })
  userSub: string;

  @Column({ type: 'varchar', length: 32 })
  purpose: CodePurpose;

  @Column({ name: 'code_hash', type: 'varchar', length: 255 })
  codeHash: string;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'expires_at', type: Date })
  expiresAt: Date;

  @Column({ name: 'consumed_at', type: Date, nullable: true })
  consumedAt: Date | null;

  /** Codes sent since `windowStartedAt`, to stop a flood of e-mails to one address. */
  @Column({ name: 'send_count', type: 'integer', default: 1 })
  sendCount: number;

  @Column({ name: 'window_started_at', type: Date })
  windowStartedAt: Date;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}
