import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A message sent through the contact form. The sender's address is kept only as a keyed hash. */
@Entity('contact_messages')
export class ContactMessage {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ type: 'varchar', length: 20 })
  section: string;

  @Column({ type: 'varchar', length: 160 })
  subject: string;

  @Column({ type: 'text' })
  message: string;

  @Column({ name: 'user_sub', type: 'varchar', length: 64, nullable: true })
  userSub: string | null;

  @Column({ name: 'ip_hash', type: 'varchar', length: 64 })
  ipHash: string;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}
