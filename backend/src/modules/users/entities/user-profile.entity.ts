import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The product's side of a user: registration data and progress, keyed by the identity subject. */
@Entity('user_profiles')
export class UserProfile {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ type: 'varchar', length: 128, unique: true })
  username: string;

  @Column({ type: 'varchar', length: 320 })
  email: string;

  /** The public name shown as the creator of their agents and ecosystems (see public-handle.ts); never the e-mail. */
  @Column({ type: 'varchar', length: 30, unique: true })
  handle: string;

  @Column({ name: 'contact_name', type: 'varchar', length: 120, nullable: true })
  contactName: string | null;

  @Column({ name: 'first_agent_created', type: 'boolean', default: false })
  firstAgentCreated: boolean;

  @Column({ name: 'interaction_complete', type: 'boolean', default: false })
  interactionComplete: boolean;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at' })
  updatedAt: Date;
}
