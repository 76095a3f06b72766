import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The conversation config a conversation was opened with (spec section 3); every key is optional. */
export interface ConversationMetadata {
  modelProvider?: string;
  modelId?: string;
  useBedrockAgent?: boolean;
  isCreatorAgent?: boolean;
  agentId?: string;
  agentPrompt?: string;
  fromFlow?: boolean;
  isEcosystemChat?: boolean;
  ecosystemId?: string;
  isInitialInteraction?: boolean;
  isFineTuningConversation?: boolean;
  type?: string;
}

@Entity('conversations')
export class Conversation {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  /** The identity subject of its owner; nobody else reads it (admins neither, through this API). */
  @Column({ name: 'user_sub', type: 'varchar', length: 64 })
  userSub: string;

  @Column({ type: 'varchar', length: 120, default: 'Nueva conversación' })
  title: string;

  @Column({ type: 'simple-json' })
  metadata: ConversationMetadata;

  // Set by the service with millisecond precision (SQLite's CURRENT_TIMESTAMP has whole seconds),
  // so that 'newest first' is exact.
  @Column({ name: 'created_at', type: Date })
  createdAt: Date;

  /** The last change or message; the list is sorted by it. */
  @Column({ name: 'updated_at', type: Date })
  updatedAt: Date;
}
