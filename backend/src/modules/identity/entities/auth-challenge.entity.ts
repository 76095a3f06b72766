import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

export type ChallengeKind =
  | 'PASSWORD_VERIFIER'
  | 'SELECT_CHALLENGE'
  | 'SOFTWARE_TOKEN_MFA'
  | 'EMAIL_OTP'
  | 'SELECT_MFA_TYPE'
  | 'MFA_SETUP'
  | 'NEW_PASSWORD_REQUIRED'
  /** Handed out by ConfirmSignUp: lets the new user sign in once (USER_AUTH) without a password. */
  | 'SIGN_UP_CONFIRMED';

/**
 * A sign-in in progress between two calls (the `Session` the client echoes back). Kept in the
 * database so that any instance can answer the next step; single-use and short-lived.
 */
@Entity('identity_auth_challenges')
export class AuthChallenge {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  /** SHA-256 of the opaque session string. */
  @Column({ name: 'session_hash', type: 'varchar', length: 64, unique: true })
  sessionHash: string;

  @Column({ type: 'varchar', length: 32 })
  kind: ChallengeKind;

  /** Null for a decoy: an unknown user gets a challenge that no answer can pass. */
  @Column({ name: 'user_sub', type: 'varchar', length: 36, nullable: true })
  userSub: string | null;

  @Column({ name: 'client_id', type: 'varchar', length: 128 })
  clientId: string;

  /** SRP A (hex) as the client sent it, for PASSWORD_VERIFIER. */
  @Column({ name: 'srp_client_public', type: 'text', nullable: true })
  srpClientPublic: string | null;

  /** The SRP user id the client was given for PASSWORD_VERIFIER (what it signed in with), and the proof is checked against. */
  @Column({ name: 'srp_user_id', type: 'text', nullable: true })
  srpUserId: string | null;

  /** SRP b (hex) for PASSWORD_VERIFIER; never leaves the server. */
  @Column({ name: 'srp_private', type: 'text', nullable: true })
  srpPrivate: string | null;

  /** When the password was proven, for the tokens' auth_time. */
  @Column({ name: 'authenticated_at', type: Date, nullable: true })
  authenticatedAt: Date | null;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Index('idx_identity_auth_challenges_expires')
  @Column({ name: 'expires_at', type: Date })
  expiresAt: Date;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}
