import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A passage of a knowledge document, as stored, indexed for full text and searched. */
@Entity('knowledge_passages')
export class KnowledgePassage {
  /** An integer key: SQLite's FTS5 index follows it as its rowid. */
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Column({ name: 'document_id', type: 'varchar', length: 36 })
  documentId: string;

  @Column({ name: 'agent_id', type: 'varchar', length: 64 })
  agentId: string;

  @Column({ type: 'integer' })
  ordinal: number;

  @Column({ type: 'integer', nullable: true })
  page: number | null;

  @Column({ type: 'text', nullable: true })
  heading: string | null;

  @Column({ type: 'text' })
  text: string;
}
