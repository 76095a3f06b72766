import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The one gateway customer of a user (POST /stripe/create-customer asked again answers this one). */
@Entity('payment_customers')
export class PaymentCustomer {
  @PrimaryColumn({ name: 'user_sub', type: 'varchar', length: 64 })
  userSub: string;

  @Column({ name: 'customer_id', type: 'varchar', length: 128, unique: true })
  customerId: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 320 })
  email: string;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}
