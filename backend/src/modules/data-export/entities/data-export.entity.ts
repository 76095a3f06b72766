import { Column, Entity, PrimaryColumn } from 'typeorm';

export const DATA_EXPORT_STATUSES = ['preparing', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/**
 * A user's request to download their data (issue 37): prepared in the background into one ZIP,
 * kept in the file storage as a file of theirs, downloadable for 24 hours with `token` and their
 * session, then removed with this row.
 */
@Entity('data_exports')
export class DataExport {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'user_sub', type: 'varchar', length: 64 })
  userSub: string;

  /** Where the announcement goes; the background preparation has no session to read it from. */
  @Column({ name: 'user_email', type: 'varchar', length: 320 })
  userEmail: string;

  @Column({ type: 'varchar', length: 16 })
  status: DataExportStatus;

  /** The ZIP in the file storage (a file owned by the user), once ready. */
  @Column({ name: 'file_id', type: 'varchar', length: 36, nullable: true })
  fileId: string | null;

  /** The download link's signature: random, compared in constant time, valid until `expiresAt`. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  token: string | null;

  /** Preparations started and not finished (a failed one, or one whose instance stopped). */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'requested_at', type: Date })
  requestedAt: Date;

  @Column({ name: 'expires_at', type: Date, nullable: true })
  expiresAt: Date | null;
}
