import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { AgentDraftDto } from '../agent-draft';

/**
 * The draft of a creator conversation as it last stood (the model's reply or the user's hand edits
 * sent with a message), so that reopening the conversation shows it. One row per conversation:
 * a draft is one conversation, and an agent (once created, or when it is being changed) has one
 * creator conversation per user.
 */
@Entity('agent_creator_drafts')
export class CreatorDraft {
  @PrimaryColumn({ name: 'conversation_id', type: 'varchar', length: 36 })
  conversationId: string;

  @Column({ name: 'user_sub', type: 'varchar', length: 64 })
  userSub: string;

  /** The agent being changed, or created from this draft; null while a new agent is being made. */
  @Column({ name: 'agent_id', type: 'varchar', length: 64, nullable: true })
  agentId: string | null;

  @Column({ type: 'simple-json' })
  draft: AgentDraftDto;

  @Column({ name: 'updated_at', type: Date })
  updatedAt: Date;
}
