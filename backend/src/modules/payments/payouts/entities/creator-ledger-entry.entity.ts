import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { decimalToNumber } from '../../../agents/entities/column-transformers';
import type { PaymentProvider } from '../../gateway/payment-gateway';

/**
 * single: a subscription to one agent, all of it the agent's.
 * usage: a bundle's part, by the agent's share of its subscriber's replies in the bundle that month.
 * price: a bundle's part, by the agents' list prices, because its subscriber did not use the bundle that month.
 * equal: a bundle's part, in equal shares: nobody used it and all its agents are free.
 * minimum: a bundle's part that is only the minimum its creator is owed for an agent sold in
 * another user's bundle (minimumPrice); nothing more fell to it by use or list price.
 * api: a buyer's paid monthly invoice of API use, the agent's lines of it (issue 36).
 */
export type SplitBasis = 'single' | 'usage' | 'price' | 'equal' | 'minimum' | 'api';

/**
 * One paid period of one subscription, as it falls to one agent's creator (spec issue 14,
 * "creators get paid"). Amounts in the currency's minor unit. A bundle's period has one row per
 * agent of the bundle; its split stays open (recomputed from its subscriber's use that month)
 * until the month is over, then `settled`. The basis of the split is kept on the row so that it
 * can be shown.
 */
@Entity('creator_ledger_entries')
@Index('UQ_creator_ledger_payment_agent', ['subscriptionId', 'period', 'agentId', 'prorationInvoiceId'], { unique: true })
@Index('IDX_creator_ledger_creator', ['creatorSub', 'period'])
@Index('IDX_creator_ledger_ecosystem', ['ecosystemId', 'period'])
export class CreatorLedgerEntry {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'subscription_id', type: 'varchar', length: 128 })
  subscriptionId: string;

  /** Who paid: a bundle's split counts only its subscribers' chats, so nobody else can tilt it. */
  @Column({ name: 'subscriber_sub', type: 'varchar', length: 64 })
  subscriberSub: string;

  /** The calendar month (UTC) the payment was made in: 'YYYY-MM'. */
  @Column({ type: 'varchar', length: 7 })
  period: string;

  @Column({ name: 'agent_id', type: 'varchar', length: 64 })
  agentId: string;

  /** The agent's name when the period was paid (the ledger does not change when it is renamed). */
  @Column({ name: 'agent_name', type: 'varchar', length: 200 })
  agentName: string;

  /** The bundle the payment was for; null for a subscription to one agent. */
  @Column({ name: 'ecosystem_id', type: 'varchar', length: 64, nullable: true })
  ecosystemId: string | null;

  /** The bundle's name when it was bought. */
  @Column({ name: 'ecosystem_name', type: 'varchar', length: 200, nullable: true })
  ecosystemName: string | null;

  /** Whose the agent is; null for agents no user owns (seeded ones: the platform keeps it). */
  @Column({ name: 'creator_sub', type: 'varchar', length: 64, nullable: true })
  creatorSub: string | null;

  @Column({ type: 'varchar', length: 8 })
  currency: string;

  @Column({ type: 'varchar', length: 16 })
  provider: PaymentProvider;

  /** Demo gateway: the same ledger, but no money moved. */
  @Column({ type: 'boolean', default: false })
  demo: boolean;

  /**
   * The invoice of a plan change's proration, which is a payment of its own (negative when it was
   * a credit); '' for the period's own payment, one per subscription, month and agent.
   */
  @Column({ name: 'proration_invoice_id', type: 'varchar', length: 128, default: '' })
  prorationInvoiceId: string;

  /** What the subscriber paid for the whole period (the bundle's price for a bundle). */
  @Column({ name: 'payment_amount', type: 'integer' })
  paymentAmount: number;

  /** This agent's part of the payment, the platform's fee on it, and what is left for the creator. */
  @Column({ type: 'integer' })
  gross: number;

  @Column({ type: 'integer' })
  fee: number;

  @Column({ type: 'integer' })
  net: number;

  /** PLATFORM_FEE_PERCENT when the period was paid (it may have decimals, e.g. 12.5). */
  @Column({ name: 'fee_percent', type: 'decimal', precision: 5, scale: 2, transformer: decimalToNumber })
  feePercent: number;

  @Column({ name: 'split_basis', type: 'varchar', length: 16 })
  splitBasis: SplitBasis;

  /**
   * The agent's replies to the subscriber in the bundle's chats and sessions that month, and all
   * the bundle's agents' replies to them (a creator's own agent's replies to the creator: none).
   */
  @Column({ name: 'agent_messages', type: 'integer', default: 0 })
  agentMessages: number;

  @Column({ name: 'bundle_messages', type: 'integer', default: 0 })
  bundleMessages: number;

  @Column({ name: 'bundle_agents', type: 'integer', default: 1 })
  bundleAgents: number;

  /** The agent's monthly list price when the subscriber bought the bundle (0 when free): the split when the bundle was not used. */
  @Column({ name: 'list_price', type: 'integer', default: 0 })
  listPrice: number;

  /**
   * What the agent's creator is owed first of each period's payment (ecosystemMinimumPrice, before
   * the platform's fee) when the subscriber bought a user's bundle selling it with their consent;
   * 0 when nothing is (their own bundle, an admin's, a free agent). Not owed of a proration.
   */
  @Column({ name: 'minimum_price', type: 'integer', default: 0 })
  minimumPrice: number;

  /** The creator's connected account that received the payment by destination charge, if one did. */
  @Column({ name: 'destination_account_id', type: 'varchar', length: 128, nullable: true })
  destinationAccountId: string | null;

  /** The creator has the money: a Stripe destination charge paid it straight to their account. */
  @Column({ name: 'paid_out', type: 'boolean', default: false })
  paidOut: boolean;

  /** The transfer that paid a bundle's share to the creator's connected account (Stripe), once the month closed. */
  @Column({ name: 'transfer_id', type: 'varchar', length: 128, nullable: true })
  transferId: string | null;

  /** Transfers the provider refused outright for this row; the next attempt's idempotency key counts them. */
  @Column({ name: 'transfer_attempts', type: 'integer', default: 0 })
  transferAttempts: number;

  /** A bundle's split is final (its month is over); single-agent rows are final at once. */
  @Column({ type: 'boolean', default: false })
  settled: boolean;

  @Column({ name: 'paid_at', type: Date })
  paidAt: Date;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}
