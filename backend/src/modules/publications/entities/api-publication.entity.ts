import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** An agent published as an HTTP API (spec section 3, API publication): one per agent. */
@Entity('api_publications')
export class ApiPublication {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'agent_id', type: 'varchar', length: 64 })
  agentId: string;

  /** The agent's creator (its identity subject), who owns the publication and its keys. */
  @Column({ name: 'owner_sub', type: 'varchar', length: 64 })
  ownerSub: string;

  /** The owner's username, for the files their calls may attach. */
  @Column({ name: 'owner_username', type: 'varchar', length: 128 })
  ownerUsername: string;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 1000, default: '' })
  description: string;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  /** The prompt version calls run on; null follows the agent's current version. */
  @Column({ name: 'pinned_version', type: 'integer', nullable: true })
  pinnedVersion: number | null;

  /** Other developers may buy keys for it (issue 36: 'Disponible para otros desarrolladores'). */
  @Column({ name: 'for_sale', type: 'boolean', default: false })
  forSale: boolean;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at' })
  updatedAt: Date;
}
