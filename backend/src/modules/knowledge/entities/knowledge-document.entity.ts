import { Column, Entity, PrimaryColumn } from 'typeorm';

export type KnowledgeStatus = 'processing' | 'ready' | 'failed';

/** A document an agent's creator gave it (issue 32); its passages are KnowledgePassage rows. */
@Entity('knowledge_documents')
export class KnowledgeDocument {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'agent_id', type: 'varchar', length: 64 })
  agentId: string;

  /** The uploaded file's name, as the builder sees it in the list and a source cites it. */
  @Column({ type: 'varchar', length: 255 })
  name: string;

  /** Decided by the content (parsing's detectKnowledgeType), never by the name or the client. */
  @Column({ name: 'mime_type', type: 'varchar', length: 100 })
  mimeType: string;

  @Column({ type: 'integer' })
  size: number;

  @Column({ type: 'varchar', length: 16 })
  status: KnowledgeStatus;

  @Column({ type: 'integer', default: 0 })
  pages: number;

  @Column({ name: 'pages_done', type: 'integer', default: 0 })
  pagesDone: number;

  @Column({ type: 'integer', default: 0 })
  chunks: number;

  /** Why it failed, in Spanish ('El PDF no contiene texto seleccionable'); null otherwise. */
  @Column({ type: 'text', nullable: true })
  error: string | null;

  /** sha256 of the bytes. */
  @Column({ name: 'content_hash', type: 'varchar', length: 64, nullable: true })
  contentHash: string | null;

  // The original bytes are the `content` column (bytea or blob), read and written only through
  // document-content.ts: TypeORM has no binary type common to both databases, and a listing never
  // needs them.

  /** The instance ingesting it (a claim taken with a conditional UPDATE); null when nobody is. */
  @Column({ name: 'claimed_by', type: 'varchar', length: 64, nullable: true })
  claimedBy: string | null;

  @Column({ name: 'claimed_at', type: Date, nullable: true })
  claimedAt: Date | null;

  /** Set by the service to the millisecond (the list is newest first; SQLite's default has only seconds). */
  @Column({ name: 'created_at', type: Date })
  createdAt: Date;

  @Column({ name: 'updated_at', type: Date })
  updatedAt: Date;
}
