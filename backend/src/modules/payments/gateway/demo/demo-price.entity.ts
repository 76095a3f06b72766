import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** A monthly recurring price of the demo gateway; never changed, a new amount is a new price. */
@Entity('demo_gateway_prices')
export class DemoPrice {
  /** price_demo_… */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Index('IDX_demo_gateway_prices_product')
  @Column({ name: 'product_id', type: 'varchar', length: 64 })
  productId: string;

  /** Minor units (cents). */
  @Column({ name: 'unit_amount', type: 'integer' })
  unitAmount: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}
