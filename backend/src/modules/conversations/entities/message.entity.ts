import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { KnowledgeSource } from '../../knowledge/knowledge-sources';
import type { ToolArguments, ToolCallRecord, ToolLoopState } from '../../tool-calling/tool-loop';

export type MessageRole = 'user' | 'assistant';

/**
 * complete: a whole message. stopped: a reply cut short because the user left or stopped it.
 * failed: an assistant notice that no reply could be produced (no model configured); shown to the
 * user but never sent to a model as history.
 */
export type MessageStatus = 'complete' | 'stopped' | 'failed';

/** A file sent with a user's message (issue 32): which one, by the name it was uploaded with. */
export interface MessageAttachment {
  fileId: string;
  name: string;
}

export interface MessageMetadata {
  agentId?: string;
  /** A user's message: the files sent with it, shown on it after a reload too. */
  attachments?: MessageAttachment[];
  agentName?: string;
  /** An agent's reply: the passages of its documents it was given (issue 32). */
  sources?: KnowledgeSource[];
  /** An agent's reply that used tools (issue 33): each call with its arguments and result. */
  toolCalls?: ToolCallRecord[];
  /** The call a paused reply waits for the user to allow or refuse. */
  toolConfirmation?: { id: string; tool: string; sourceName: string; arguments: ToolArguments; agentName: string };
  /** A paused reply's loop state, for whichever instance resumes it (the question it answers included). */
  toolLoop?: ToolLoopState & { questionId: string };
}

@Entity('messages')
export class Message {
  @PrimaryColumn({ name: 'conversation_id', type: 'varchar', length: 36 })
  conversationId: string;

  /** Chosen by the client (its retries resend the same id) or by the server for replies. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ type: 'varchar', length: 16 })
  role: MessageRole;

  @Column({ type: 'text' })
  content: string;

  @Column({ type: Date })
  timestamp: Date;

  @Column({ type: 'simple-json', nullable: true })
  metadata: MessageMetadata | null;

  @Column({ type: 'varchar', length: 16, default: 'complete' })
  status: MessageStatus;

  @Column({ name: 'model_id', type: 'varchar', length: 200, nullable: true })
  modelId: string | null;

  @Column({ name: 'input_tokens', type: 'integer', nullable: true })
  inputTokens: number | null;

  @Column({ name: 'output_tokens', type: 'integer', nullable: true })
  outputTokens: number | null;

  /** When the server stored it (millisecond precision); orders messages with equal timestamps. */
  @Column({ name: 'created_at', type: Date })
  createdAt: Date;
}
