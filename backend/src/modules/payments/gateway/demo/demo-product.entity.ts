import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A product of the demo gateway (one per paid agent or priced ecosystem). */
@Entity('demo_gateway_products')
export class DemoProduct {
  /** prod_demo_… */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ type: 'varchar', length: 250 })
  name: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'simple-json' })
  metadata: Record<string, string>;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}
