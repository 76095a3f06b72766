import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { PaymentProvider } from '../../payments/gateway/payment-gateway';
import type { BuyerKeyMonth } from '../../publications/buyer-usage-ledger';

export type ApiInvoiceStatus = 'draft' | 'open' | 'paid' | 'payment_failed' | 'void';

/** One key's part of a month's invoice: its use, at the prices of that month. */
export type ApiInvoiceLine = BuyerKeyMonth;

/**
 * A buyer's invoice for a month of API use (issue 36, item 3): one per buyer and month. With
 * Stripe it mirrors Stripe's invoice (gatewayInvoiceId, its hosted page and total); in demo mode it
 * is the invoice, charged to the buyer's default demo card. Its lines are what our ledger
 * (api_key_usage) says each key used that month.
 */
@Entity('api_invoices')
@Index('UQ_api_invoices_buyer_month', ['buyerSub', 'month'], { unique: true })
export class ApiInvoice {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'buyer_sub', type: 'varchar', length: 64 })
  buyerSub: string;

  /** The month of use it bills, YYYY-MM (UTC). */
  @Column({ type: 'varchar', length: 7 })
  month: string;

  @Column({ type: 'varchar', length: 16 })
  status: ApiInvoiceStatus;

  /** Cents. */
  @Column({ type: 'integer' })
  total: number;

  @Column({ type: 'varchar', length: 8 })
  currency: string;

  @Column({ type: 'varchar', length: 16 })
  provider: PaymentProvider;

  /** Stripe's invoice (in_…); null in demo mode. */
  @Index('UQ_api_invoices_gateway_invoice', { unique: true })
  @Column({ name: 'gateway_invoice_id', type: 'varchar', length: 128, nullable: true })
  gatewayInvoiceId: string | null;

  @Column({ name: 'hosted_invoice_url', type: 'varchar', length: 1000, nullable: true })
  hostedInvoiceUrl: string | null;

  @Column({ type: 'simple-json' })
  lines: ApiInvoiceLine[];

  /** Demo mode: charges of this invoice tried so far (each a new idempotency key). */
  @Column({ name: 'charge_attempts', type: 'integer', default: 0 })
  chargeAttempts: number;

  @Column({ name: 'paid_at', type: Date, nullable: true })
  paidAt: Date | null;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: Date })
  updatedAt: Date;
}
