import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One signed-in session. Its id is the `origin_jti` of every token issued from it, so revoking the
 * session also disowns the id and access tokens that came from it.
 */
@Entity('identity_refresh_tokens')
export class RefreshToken {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Index('idx_identity_refresh_tokens_user')
  @Column({ name: 'user_sub', type: 'varchar', length: 36 })
  userSub: string;

  @Column({ name: 'client_id', type: 'varchar', length: 128 })
  clientId: string;

  /** SHA-256 of the opaque token; the token itself only exists on the client. */
  @Column({ name: 'token_hash', type: 'varchar', length: 64, unique: true })
  tokenHash: string;

  @Column({ name: 'auth_time', type: Date })
  authTime: Date;

  @Column({ name: 'expires_at', type: Date })
  expiresAt: Date;

  @Column({ name: 'revoked_at', type: Date, nullable: true })
  revokedAt: Date | null;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}
