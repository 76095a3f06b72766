import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One immutable, numbered version of an agent's system prompt (spec section 3, Prompt version). */
@Entity('agent_prompt_versions')
export class PromptVersion {
  @PrimaryColumn({ name: 'agent_id', type: 'varchar', length: 64 })
  agentId: string;

  @PrimaryColumn({ type: 'integer' })
  version: number;

  @Column({ type: 'text' })
  prompt: string;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  description: string;

  /** The username of whoever added it. */
  @Column({ name: 'created_by', type: 'varchar', length: 128 })
  createdBy: string;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}
