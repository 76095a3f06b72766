import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type UserStatus = 'UNCONFIRMED' | 'CONFIRMED' | 'RESET_REQUIRED' | 'FORCE_CHANGE_PASSWORD';
export type UserRole = 'admin' | 'user';
export type MfaType = 'SOFTWARE_TOKEN_MFA' | 'EMAIL_OTP';

/** An account of the embedded user pool. The password itself is never stored. */
@Entity('identity_users')
export class IdentityUser {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  sub: string;

  /** The e-mail lower-cased, or the username given at sign-up; also the SRP user id. */
  @Column({ type: 'varchar', length: 128, unique: true })
  username: string;

  @Column({ type: 'varchar', length: 320, unique: true })
  email: string;

  @Column({ type: 'varchar', length: 256, nullable: true })
  name: string | null;

  @Column({ name: 'email_verified', type: 'boolean', default: false })
  emailVerified: boolean;

  @Column({ type: 'varchar', length: 32 })
  status: UserStatus;

  @Column({ name: 'srp_salt', type: 'varchar', length: 64 })
  srpSalt: string;

  @Column({ name: 'srp_verifier', type: 'text' })
  srpVerifier: string;

  /**
   * The SRP verifier with the e-mail as the SRP user id, when the username is something else: a
   * sign-in by e-mail proves the password against it, so its challenge echoes the e-mail and never
   * reveals the username. Null when the username is the e-mail, and for accounts whose password
   * was set before this existed (their challenge names the username, until the password changes).
   */
  @Column({ name: 'srp_email_verifier', type: 'text', nullable: true })
  srpEmailVerifier: string | null;

  /** scrypt, for USER_PASSWORD_AUTH. */
  @Column({ name: 'password_hash', type: 'varchar', length: 255 })
  passwordHash: string;

  @Column({ type: 'varchar', length: 16, default: 'user' })
  role: UserRole;

  /** False once an operator disables the account: no sign-in, and its tokens are refused at once. */
  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @Column({ name: 'totp_enabled', type: 'boolean', default: false })
  totpEnabled: boolean;

  @Column({ name: 'email_mfa_enabled', type: 'boolean', default: false })
  emailMfaEnabled: boolean;

  @Column({ name: 'preferred_mfa', type: 'varchar', length: 32, nullable: true })
  preferredMfa: MfaType | null;

  /** Base32; set once a code from it has been verified. */
  @Column({ name: 'totp_secret', type: 'varchar', length: 128, nullable: true })
  totpSecret: string | null;

  /** Handed out by AssociateSoftwareToken, until VerifySoftwareToken proves the app has it. */
  @Column({ name: 'totp_pending_secret', type: 'varchar', length: 128, nullable: true })
  totpPendingSecret: string | null;

  /** The last 30-second step accepted, so that a seen TOTP code cannot be replayed. */
  @Column({ name: 'totp_last_step', type: 'integer', nullable: true })
  totpLastStep: number | null;

  /** Set by a global sign-out: tokens issued before it are refused. */
  @Column({ name: 'tokens_valid_after', type: Date, nullable: true })
  tokensValidAfter: Date | null;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at' })
  updatedAt: Date;
}
