import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One agent's reply to a user in an ecosystem's chat or collaboration session: what a bundle's
 * revenue is split by (issue 29). Kept apart from the messages, which the user may delete, and
 * from the sessions, removed a day after they end; a collaboration's one final message names
 * several agents, and here each agent that answered has its own row.
 */
@Entity('ecosystem_replies')
@Index('IDX_ecosystem_replies_user', ['ecosystemId', 'userSub', 'repliedAt'])
export class EcosystemReply {
  /** `chat:<conversation id>:<message id>` or `session:<session id>:<agent id>`: written once, whatever the retries. */
  @PrimaryColumn({ type: 'varchar', length: 160 })
  id: string;

  @Column({ name: 'ecosystem_id', type: 'varchar', length: 64 })
  ecosystemId: string;

  @Column({ name: 'agent_id', type: 'varchar', length: 64 })
  agentId: string;

  /** Who was answered. */
  @Column({ name: 'user_sub', type: 'varchar', length: 64 })
  userSub: string;

  @Column({ name: 'conversation_id', type: 'varchar', length: 36, nullable: true })
  conversationId: string | null;

  @Column({ name: 'session_id', type: 'varchar', length: 36, nullable: true })
  sessionId: string | null;

  @Column({ name: 'replied_at', type: Date })
  repliedAt: Date;
}
