import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A key of a publication (spec section 3, API key). Only the SHA-256 digest of the secret is
 * kept: the secret is 32 random bytes, so a fast digest cannot be reversed by guessing.
 */
@Entity('api_keys')
export class ApiKey {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'publication_id', type: 'varchar', length: 36 })
  publicationId: string;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  /** The start of the secret ('nova_sk_' and six more characters), shown so that a key can be recognised. */
  @Column({ type: 'varchar', length: 24 })
  prefix: string;

  /** Hex SHA-256 of the whole secret. */
  @Column({ type: 'varchar', length: 64 })
  digest: string;

  /**
   * The key's own requests per minute; null for none of its own, where the deployment's most
   * (API_KEY_RATE_LIMIT_MAX) applies.
   */
  @Column({ name: 'rate_limit_per_minute', type: 'integer', nullable: true })
  rateLimitPerMinute: number | null;

  @Column({ name: 'monthly_request_quota', type: 'integer', nullable: true })
  monthlyRequestQuota: number | null;

  @Column({ name: 'monthly_token_quota', type: 'integer', nullable: true })
  monthlyTokenQuota: number | null;

  @Column({ name: 'expires_at', type: Date, nullable: true })
  expiresAt: Date | null;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;

  @Column({ name: 'last_used_at', type: Date, nullable: true })
  lastUsedAt: Date | null;

  /** The month (YYYY-MM, UTC) that quotaRequests and quotaTokens count; see KeyQuotas. */
  @Column({ name: 'quota_month', type: 'varchar', length: 7, nullable: true })
  quotaMonth: string | null;

  /** Calls admitted in quotaMonth (reserved before the model is asked). */
  @Column({ name: 'quota_requests', type: 'integer', default: 0 })
  quotaRequests: number;

  /** Tokens (input and output) spent in quotaMonth, by keys with a token quota. */
  @Column({ name: 'quota_tokens', type: 'bigint', default: 0, transformer: { to: (value: number) => value, from: (value: string | number | null) => Number(value ?? 0) } })
  quotaTokens: number;

  /** Its calls may run tools marked 'Pide confirmación' (issue 33); otherwise the model is told they were not allowed. */
  @Column({ name: 'allow_confirmed_tools', type: 'boolean', default: false })
  allowConfirmedTools: boolean;

  /**
   * A key another developer bought (issue 36): theirs, not the publication owner's, who never
   * lists it. Null for the owner's own keys.
   */
  @Column({ name: 'buyer_sub', type: 'varchar', length: 64, nullable: true })
  buyerSub: string | null;

  /** The buyer's public name (their handle, never their e-mail), for the creator's list of buyers. */
  @Column({ name: 'buyer_username', type: 'varchar', length: 128, nullable: true })
  buyerUsername: string | null;

  /** A buyer's key: the most it may spend a month, in cents of PAYMENTS_CURRENCY; null for no cap. */
  @Column({ name: 'monthly_spend_cap', type: 'integer', nullable: true })
  monthlySpendCap: number | null;

  /** Set when revoked: the key stops working at once; its usage figures stay. */
  @Column({ name: 'revoked_at', type: Date, nullable: true })
  revokedAt: Date | null;
}
