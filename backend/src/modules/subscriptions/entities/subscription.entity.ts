import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { decimalToNumber } from '../../agents/entities/column-transformers';

/**
 * past_due: the last invoice failed; the chat refuses it like none, with its own message.
 * incomplete: the first payment waits for the buyer's bank (3-D Secure); the chat refuses it like
 * none until a paid invoice makes it active.
 */
export const SUBSCRIPTION_STATUSES = ['active', 'paused', 'past_due', 'incomplete', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface SubscriptionProduct {
  name: string;
  description: string;
  price: number;
  quantity?: number;
}

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

  /** The gateway customer that pays it. */
  @Column({ name: 'customer_id', type: 'varchar', length: 128, nullable: true })
  customerId: string | null;

  /** The ecosystem a bundle was bought as, when it was. */
  @Column({ name: 'ecosystem_id', type: 'varchar', length: 64, nullable: true })
  ecosystemId: string | null;

  /** The spec's user {name, email}: the customer's, as given when subscribing. */
  @Column({ name: 'user_name', type: 'varchar', length: 200, nullable: true })
  userName: string | null;

  @Column({ name: 'user_email', type: 'varchar', length: 320, nullable: true })
  userEmail: string | null;

  /** The spec's products[]: what was bought, as it was named and priced then. */
  @Column({ type: 'simple-json', nullable: true })
  products: SubscriptionProduct[] | null;

  /**
   * The gateway's time of the last state we stored (an event's creation time, or our own call's):
   * an event older than this arrived out of order and changes nothing.
   */
  @Column({ name: 'gateway_updated_at', type: Date, nullable: true })
  gatewayUpdatedAt: Date | null;

  /**
   * The subscriber cancelled it and it ends when the paid period does (currentPeriodEnd): until
   * then it stays active, and 'Reanudar' undoes the cancellation (issue 31, item 4).
   */
  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd: boolean;

  /** The end of the period paid for, as the gateway last told us; null for rows stored before it was kept. */
  @Column({ name: 'current_period_end', type: Date, nullable: true })
  currentPeriodEnd: Date | null;

  /** When it was cancelled (the spec's finished date). */
  @Column({ name: 'finished_at', type: Date, nullable: true })
  finishedAt: Date | null;
}
