import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A user's own system prompt for the main assistant. */
@Entity('assistant_prompts')
export class AssistantPrompt {
  @PrimaryColumn({ name: 'user_sub', type: 'varchar', length: 64 })
  userSub: string;

  @Column({ type: 'text' })
  prompt: string;

  @UpdateDateColumn({ name: 'updated_at' })
  updatedAt: Date;
}
