import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The HMAC key of the signed file URLs, generated on first start and shared by every instance. */
@Entity('file_url_secrets')
export class FileUrlSecret {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  /** 32 random bytes, base64url. */
  @Column({ type: 'varchar', length: 128 })
  secret: string;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}
