import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An uploaded file's metadata; its bytes are kept by the `FileStorage` port under the same id. */
@Entity('files')
export class StoredFile {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  /** The identity subject of the uploader. */
  @Column({ name: 'owner_sub', type: 'varchar', length: 64 })
  ownerSub: string;

  /** Decided by the file's magic bytes, never by what the client declared. */
  @Column({ name: 'content_type', type: 'varchar', length: 100 })
  contentType: string;

  @Column({ type: 'integer' })
  size: number;

  @Column({ type: 'varchar', length: 64 })
  sha256: string;

  /** The name the file was uploaded with (UTF-8); null for files uploaded before names were kept. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  name: string | null;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}
