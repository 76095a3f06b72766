import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { decimalToNumber } from '../../agents/entities/column-transformers';

export const SUBSCRIPTION_STATUSES = ['active', 'paused', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A stored subscription (spec section 3): to one agent, or a bundle of `agents`. */
@Entity('subscriptions')
export class Subscription {
  /** The payment provider's id (Stripe's sub_…), or the demo gateway's. */
  @PrimaryColumn({ name: 'subscription_id', type: 'varchar', length: 128 })
  subscriptionId: string;

  @Column({ name: 'user_sub', type: 'varchar', length: 64 })
  userSub: string;

  @Column({ type: 'varchar', length: 16 })
  status: SubscriptionStatus;

  @Column({ name: 'is_bundle', type: 'boolean', default: false })
  isBundle: boolean;

  /** The agent of an individual subscription; null for a bundle. */
  @Column({ name: 'agent_id', type: 'varchar', length: 64, nullable: true })
  agentId: string | null;

  /** The agents a bundle gives access to; empty for an individual subscription. */
  @Column({ type: 'simple-json' })
  agents: string[];

  @Column({ name: 'price_id', type: 'varchar', length: 128, nullable: true })
  priceId: string | null;

  @Column({ type: 'decimal', precision: 10, scale: 2, default: 0, transformer: decimalToNumber })
  price: number;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at' })
  updatedAt: Date;

  /** When it was cancelled (the spec's finished date). */
  @Column({ name: 'finished_at', type: Date, nullable: true })
  finishedAt: Date | null;
}
