import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { timestampType } from './column-types';

/**
 * Uploaded files (agent and ecosystem avatars): the metadata here, the bytes behind the storage
 * port. The URL-signing secret lives in the database so that every instance signs alike.
 */
export class CreateFiles1795321400000 implements MigrationInterface {
  name = 'CreateFiles1795321400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = timestampType(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'files',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'owner_sub', type: 'varchar', length: '64' },
          { name: 'content_type', type: 'varchar', length: '100' },
          { name: 'size', type: 'integer' },
          { name: 'sha256', type: 'varchar', length: '64' },
          { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [new TableIndex({ name: 'IDX_files_owner_sub', columnNames: ['owner_sub'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'file_url_secrets',
        columns: [
          { name: 'id', type: 'varchar', length: '32', isPrimary: true },
          { name: 'secret', type: 'varchar', length: '128' },
          { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('file_url_secrets');
    await queryRunner.dropTable('files');
  }
}
