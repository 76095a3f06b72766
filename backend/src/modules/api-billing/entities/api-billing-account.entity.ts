import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Stripe mode: a buyer of API access as billing knows them, by their Stripe subscription with the
 * metered prices of the agents they bought keys for.
 */
@Entity('api_billing_accounts')
export class ApiBillingAccount {
  @PrimaryColumn({ name: 'buyer_sub', type: 'varchar', length: 64 })
  buyerSub: string;

  /** Stripe's subscription (sub_…) carrying the metered prices. */
  @Index('UQ_api_billing_accounts_subscription', { unique: true })
  @Column({ name: 'subscription_id', type: 'varchar', length: 128, nullable: true })
  subscriptionId: string | null;

  /** When the subscription began (seconds since the epoch): no meter event is dated before it. */
  @Column({ name: 'subscribed_at', type: 'integer', nullable: true })
  subscribedAt: number | null;

  /** The price ids the subscription has now, sorted and comma-separated, to see when they must change. */
  @Column({ name: 'subscribed_prices', type: 'text', default: '' })
  subscribedPrices: string;
}
