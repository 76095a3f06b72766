import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type CatalogueItemKind = 'agent' | 'ecosystem';

/**
 * A monthly price the catalogue made for a paid agent or ecosystem. Prices never change: a new
 * amount is a new row, and the subscribers of an old one keep paying it.
 */
@Entity('payment_prices')
export class PaymentPrice {
  @PrimaryColumn({ name: 'price_id', type: 'varchar', length: 128 })
  priceId: string;

  @Column({ name: 'product_id', type: 'varchar', length: 128 })
  productId: string;

  @Column({ name: 'item_kind', type: 'varchar', length: 16 })
  itemKind: CatalogueItemKind;

  @Column({ name: 'item_id', type: 'varchar', length: 64 })
  itemId: string;

  /** Minor units (cents). */
  @Column({ name: 'unit_amount', type: 'integer' })
  unitAmount: number;

  @Column({ type: 'varchar', length: 8 })
  currency: string;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}
