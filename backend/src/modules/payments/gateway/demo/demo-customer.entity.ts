import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** A customer of the demo gateway (Stripe's Customer, kept in our database). */
@Entity('demo_gateway_customers')
export class DemoCustomer {
  /** cus_demo_… */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Index('IDX_demo_gateway_customers_user')
  @Column({ name: 'user_sub', type: 'varchar', length: 64 })
  userSub: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 320 })
  email: string;

  /** The card subscriptions charge (Stripe's invoice_settings.default_payment_method). */
  @Column({ name: 'default_payment_method_id', type: 'varchar', length: 64, nullable: true })
  defaultPaymentMethodId: string | null;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}
