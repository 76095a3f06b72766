import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Agent } from '../../agents/entities/agent.entity';

/** An agent in a user's team, with the card data the office shows (spec "User-agent link"). */
@Entity('user_agents')
export class UserAgent {
  /** The identity subject of the team's owner. */
  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 64 })
  userId: string;

  @PrimaryColumn({ name: 'agent_id', type: 'varchar', length: 64 })
  agentId: string;

  @ManyToOne(() => Agent, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'agent_id' })
  agent?: Agent;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 60 })
  category: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'text', nullable: true })
  avatar: string | null;

  @CreateDateColumn({ name: 'added_at' })
  addedAt: Date;
}
