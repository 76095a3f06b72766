import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A saved card of the demo gateway: only brand, last four digits and expiry, as Stripe shows them. */
@Entity('demo_gateway_payment_methods')
export class DemoPaymentMethod {
  /** pm_demo_… */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Index('IDX_demo_gateway_payment_methods_customer')
  @Column({ name: 'customer_id', type: 'varchar', length: 64 })
  customerId: string;

  @Column({ type: 'varchar', length: 32 })
  brand: string;

  @Column({ type: 'varchar', length: 4 })
  last4: string;

  @Column({ name: 'exp_month', type: 'integer' })
  expMonth: number;

  @Column({ name: 'exp_year', type: 'integer' })
  expYear: number;

  /** Set by the gateway to the millisecond: cards are listed in the order they were saved. */
  @Column({ name: 'created_at', type: Date })
  createdAt: Date;
}
