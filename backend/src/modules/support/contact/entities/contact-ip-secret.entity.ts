import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The key of the contact form's IP hashes, made on first use and shared by every instance. */
@Entity('contact_ip_secrets')
export class ContactIpSecret {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Column({ type: 'varchar', length: 128 })
  secret: string;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}
