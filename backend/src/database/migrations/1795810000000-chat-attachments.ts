import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { timestampType } from './column-types';
import { qualifiedName } from './sql-names';

/**
 * Files attached to a chat or a call (issue 32, item 3):
 * - `files.name`: the name a file was uploaded with (UTF-8); null for files uploaded before.
 *   Plain ALTER TABLE, as in AgentChatSettings: TypeORM's addColumn rebuilds the table on SQLite.
 * - `conversation_attachments`: which of the user's files a conversation has; each of its turns
 *   searches them. They go with the conversation, or with the file.
 * - `attachment_texts`: a document's passages, parsed once (by its first attachment) and kept as
 *   JSON, whichever conversations or calls attach it. Never part of any agent's knowledge: the
 *   knowledge tables and their search never see them.
 */
export class ChatAttachments1795810000000 implements MigrationInterface {
  name = 'ChatAttachments1795810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = timestampType(queryRunner);
    await queryRunner.query(`ALTER TABLE ${qualifiedName(queryRunner, 'files')} ADD COLUMN "name" varchar(255)`);
    await queryRunner.createTable(
      new Table({
        name: 'conversation_attachments',
        columns: [
          { name: 'conversation_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'file_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [new TableIndex({ name: 'IDX_conversation_attachments_file', columnNames: ['file_id'] })],
        foreignKeys: [
          { name: 'FK_conversation_attachments_conversation', columnNames: ['conversation_id'], referencedTableName: 'conversations', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
          { name: 'FK_conversation_attachments_file', columnNames: ['file_id'], referencedTableName: 'files', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'attachment_texts',
        columns: [
          { name: 'file_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'mime_type', type: 'varchar', length: '100' },
          { name: 'pages', type: 'integer' },
          { name: 'chars', type: 'integer' },
          { name: 'passages', type: 'text' },
          { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
        foreignKeys: [{ name: 'FK_attachment_texts_file', columnNames: ['file_id'], referencedTableName: 'files', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('attachment_texts');
    await queryRunner.dropTable('conversation_attachments');
    await queryRunner.query(`ALTER TABLE ${qualifiedName(queryRunner, 'files')} DROP COLUMN "name"`);
  }
}
