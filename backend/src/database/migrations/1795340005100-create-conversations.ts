import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { timestampType } from './column-types';

/**
 * Each user's conversations and their messages. A message keeps the id the client chose, unique
 * within its conversation, so that a retried save stores it once; deleting a conversation deletes
 * its messages.
 */
export class CreateConversations1795340005100 implements MigrationInterface {
  name = 'CreateConversations1795340005100';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = timestampType(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'conversations',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'user_sub', type: 'varchar', length: '64' },
          { name: 'title', type: 'varchar', length: '120', default: "'Nueva conversación'" },
          { name: 'metadata', type: 'text' },
          { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
          { name: 'updated_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [new TableIndex({ name: 'IDX_conversations_user_updated', columnNames: ['user_sub', 'updated_at'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'messages',
        columns: [
          { name: 'conversation_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'role', type: 'varchar', length: '16' },
          { name: 'content', type: 'text' },
          { name: 'timestamp', type: timestamp },
          { name: 'metadata', type: 'text', isNullable: true },
          { name: 'status', type: 'varchar', length: '16', default: "'complete'" },
          { name: 'model_id', type: 'varchar', length: '200', isNullable: true },
          { name: 'input_tokens', type: 'integer', isNullable: true },
          { name: 'output_tokens', type: 'integer', isNullable: true },
          { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          new TableIndex({ name: 'IDX_messages_conversation_timestamp', columnNames: ['conversation_id', 'timestamp'] }),
        ],
        foreignKeys: [
          {
            name: 'FK_messages_conversation',
            columnNames: ['conversation_id'],
            referencedTableName: 'conversations',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('messages');
    await queryRunner.dropTable('conversations');
  }
}
