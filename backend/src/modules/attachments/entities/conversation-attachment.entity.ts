import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A file of the user's attached to one of their conversations: every turn of it searches the file. */
@Entity('conversation_attachments')
export class ConversationAttachment {
  @PrimaryColumn({ name: 'conversation_id', type: 'varchar', length: 36 })
  conversationId: string;

  @PrimaryColumn({ name: 'file_id', type: 'varchar', length: 36 })
  fileId: string;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}
