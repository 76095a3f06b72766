import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { decimalToNumber } from '../../agents/entities/column-transformers';

/** A group of agents sold and used together (spec section 3). */
@Entity('ecosystems')
export class Ecosystem {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'varchar', length: 60, default: 'test' })
  category: string;

  @Column({ name: 'agent_ids', type: 'simple-json' })
  agentIds: string[];

  @Column({ type: 'text', nullable: true })
  avatar: string | null;

  @Column({ type: 'decimal', precision: 10, scale: 2, default: 0, transformer: decimalToNumber })
  price: number;

  @Column({ type: 'decimal', precision: 5, scale: 2, default: 0, transformer: decimalToNumber })
  discount: number;

  @Column({ name: 'created_by', type: 'varchar', length: 128, default: 'admin' })
  createdBy: string;

  /** Who may see a private ecosystem and change it; never the display name `createdBy`. */
  @Column({ name: 'owner_sub', type: 'varchar', length: 64, nullable: true })
  ownerSub: string | null;

  /** Made by an admin: the platform's own bundle, which may sell any agent (issue 29). */
  @Column({ name: 'made_by_admin', type: 'boolean', default: false })
  madeByAdmin: boolean;

  @Column({ name: 'is_public', type: 'boolean', default: false })
  isPublic: boolean;

  @Column({ type: 'simple-json' })
  tags: string[];

  @Column({ type: 'boolean', default: false })
  featured: boolean;

  @Column({ type: 'integer', default: 0 })
  popularity: number;

  /** The payment gateway's product and current monthly price (null while free or not yet priced). */
  @Column({ name: 'product_id', type: 'varchar', length: 128, nullable: true })
  productId: string | null;

  @Column({ name: 'price_id', type: 'varchar', length: 128, nullable: true })
  priceId: string | null;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at' })
  updatedAt: Date;
}
