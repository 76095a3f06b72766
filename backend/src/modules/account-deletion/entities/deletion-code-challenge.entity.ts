import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * 'Eliminar mi cuenta' confirmed with the e-mailed code: the sign-in the first request left waiting
 * for it, kept here (not in the client) so that whichever instance gets the code answers it; one
 * per account, gone once answered or when the pool's session would have expired.
 */
@Entity('account_deletion_code_challenges')
export class DeletionCodeChallenge {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  sub: string;

  /** The pool's `Session` for the EMAIL_OTP step. */
  @Column({ type: 'text' })
  session: string;

  @Column({ type: 'varchar', length: 128 })
  username: string;

  @Column({ name: 'expires_at', type: Date })
  expiresAt: Date;
}
