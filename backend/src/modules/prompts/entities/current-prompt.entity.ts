import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Which version of an agent's prompt is current, and the last number handed out. The pair
 * (agentId, currentVersion) is a foreign key to the versions (see the migration).
 */
@Entity('agent_current_prompts')
export class CurrentPrompt {
  @PrimaryColumn({ name: 'agent_id', type: 'varchar', length: 64 })
  agentId: string;

  @Column({ name: 'current_version', type: 'integer', nullable: true })
  currentVersion: number | null;

  @Column({ name: 'latest_version', type: 'integer', default: 0 })
  latestVersion: number;
}
