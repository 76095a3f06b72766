import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One user's review of one agent (issue 34): 1–5 stars and an optional plain-text comment; writing
 * again replaces it. It counts (in the agent's rating, the summary and the list) only while it is
 * not hidden by an admin and its author's account is enabled.
 */
@Entity('agent_reviews')
export class Review {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'agent_id', type: 'varchar', length: 64 })
  agentId: string;

  /** The author's identity subject: one review per author and agent. */
  @Column({ name: 'author_sub', type: 'varchar', length: 64 })
  authorSub: string;

  /**
   * The author's public name, kept in step when they change it: what a review shows of its author
   * (never their e-mail nor the name they registered with, which stay private).
   */
  @Column({ name: 'author_handle', type: 'varchar', length: 128 })
  authorHandle: string;

  @Column({ type: 'integer' })
  rating: number;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  /** Hidden by an admin resolving a report. */
  @Column({ type: 'boolean', default: false })
  hidden: boolean;

  /** False while the author's account is disabled. */
  @Column({ name: 'author_enabled', type: 'boolean', default: true })
  authorEnabled: boolean;

  /** The agent's creator's public answer. */
  @Column({ name: 'reply_text', type: 'text', nullable: true })
  replyText: string | null;

  @Column({ name: 'reply_created_at', type: Date, nullable: true })
  replyCreatedAt: Date | null;

  @Column({ name: 'reply_updated_at', type: Date, nullable: true })
  replyUpdatedAt: Date | null;

  // Set by the service with millisecond precision, so that 'newest first' is exact.
  @Column({ name: 'created_at', type: Date })
  createdAt: Date;

  /** Later than createdAt once the author replaced it ('editada'). */
  @Column({ name: 'updated_at', type: Date })
  updatedAt: Date;
}
