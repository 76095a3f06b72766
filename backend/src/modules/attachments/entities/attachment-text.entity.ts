import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A passage of an attached document, as stored in `attachment_texts.passages` (JSON). */
export interface AttachmentPassage {
  page: number | null;
  heading: string | null;
  text: string;
}

/**
 * An attached document's passages, parsed once for every conversation or call that attaches it.
 * Apart from the knowledge tables on purpose: an agent's knowledge and its search never see them.
 */
@Entity('attachment_texts')
export class AttachmentText {
  @PrimaryColumn({ name: 'file_id', type: 'varchar', length: 36 })
  fileId: string;

  @Column({ name: 'mime_type', type: 'varchar', length: 100 })
  mimeType: string;

  @Column({ type: 'integer' })
  pages: number;

  /** The passages' characters together: a short file goes to the model whole. */
  @Column({ type: 'integer' })
  chars: number;

  @Column({ type: 'simple-json' })
  passages: AttachmentPassage[];

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}
