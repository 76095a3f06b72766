import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Who used an agent and when last: a user's chat turn ('user:{sub}') or an API key's call
 * ('key:{id}'). The popularity's 30-day window counts these rows.
 */
@Entity('agent_usage')
export class AgentUsage {
  @PrimaryColumn({ name: 'agent_id', type: 'varchar', length: 64 })
  agentId: string;

  @PrimaryColumn({ name: 'user_key', type: 'varchar', length: 80 })
  userKey: string;

  @Column({ name: 'last_used_at', type: Date })
  lastUsedAt: Date;
}
