import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { GatewaySubscriptionStatus } from '../payment-gateway';

/** A subscription of the demo gateway: granted without charging, its transitions kept as Stripe would. */
@Entity('demo_gateway_subscriptions')
export class DemoSubscription {
  /** sub_demo_… */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Index('IDX_demo_gateway_subscriptions_customer')
  @Column({ name: 'customer_id', type: 'varchar', length: 64 })
  customerId: string;

  @Column({ name: 'price_id', type: 'varchar', length: 64 })
  priceId: string;

  @Column({ type: 'varchar', length: 16 })
  status: GatewaySubscriptionStatus;

  @Column({ type: 'simple-json' })
  metadata: Record<string, string>;

  /** The client's key for the request that created it: the same key never creates a second one. */
  @Index('IDX_demo_gateway_subscriptions_idempotency', { unique: true })
  @Column({ name: 'idempotency_key', type: 'varchar', length: 255 })
  idempotencyKey: string;

  /** The creator's connected account that takes the payment (a destination charge), if any. */
  @Column({ name: 'destination_account_id', type: 'varchar', length: 64, nullable: true })
  destinationAccountId: string | null;

  @Column({ name: 'application_fee_percent', type: 'real', nullable: true })
  applicationFeePercent: number | null;

  @Column({ name: 'created_at', type: Date })
  createdAt: Date;

  @Column({ name: 'current_period_start', type: Date })
  currentPeriodStart: Date;

  @Column({ name: 'current_period_end', type: Date })
  currentPeriodEnd: Date;

  /** Stripe's cancel_at_period_end: it ends (canceled) when the current period does. */
  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd: boolean;

  @Column({ name: 'canceled_at', type: Date, nullable: true })
  canceledAt: Date | null;
}
