import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { timestampType } from './column-types';

/**
 * Agents published as HTTP APIs (issue 15): one publication per agent, its keys (only a digest
 * of each secret), and each key's usage per day. Deleting the agent deletes its publication, and
 * the publication its keys and usage.
 */
export class Publications1795370000500 implements MigrationInterface {
  name = 'Publications1795370000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = timestampType(queryRunner);
    const publicationForeignKey = (name: string) => ({
      name,
      columnNames: ['publication_id'],
      referencedTableName: 'api_publications',
      referencedColumnNames: ['id'],
      onDelete: 'CASCADE',
    });
    await queryRunner.createTable(
      new Table({
        name: 'api_publications',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'agent_id', type: 'varchar', length: '64' },
          { name: 'owner_sub', type: 'varchar', length: '64' },
          { name: 'owner_username', type: 'varchar', length: '128' },
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'description', type: 'varchar', length: '1000', default: "''" },
          { name: 'enabled', type: 'boolean', default: true },
          { name: 'pinned_version', type: 'integer', isNullable: true },
          { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
          { name: 'updated_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          new TableIndex({ name: 'IDX_api_publications_agent', columnNames: ['agent_id'], isUnique: true }),
          new TableIndex({ name: 'IDX_api_publications_owner', columnNames: ['owner_sub', 'created_at'] }),
        ],
        foreignKeys: [
          { name: 'FK_api_publications_agent', columnNames: ['agent_id'], referencedTableName: 'agents', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'api_keys',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'publication_id', type: 'varchar', length: '36' },
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'prefix', type: 'varchar', length: '24' },
          { name: 'digest', type: 'varchar', length: '64' },
          { name: 'rate_limit_per_minute', type: 'integer' },
          { name: 'monthly_request_quota', type: 'integer', isNullable: true },
          { name: 'monthly_token_quota', type: 'integer', isNullable: true },
          { name: 'expires_at', type: timestamp, isNullable: true },
          { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
          { name: 'last_used_at', type: timestamp, isNullable: true },
          { name: 'revoked_at', type: timestamp, isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'IDX_api_keys_digest', columnNames: ['digest'], isUnique: true }),
          new TableIndex({ name: 'IDX_api_keys_publication', columnNames: ['publication_id', 'created_at'] }),
        ],
        foreignKeys: [publicationForeignKey('FK_api_keys_publication')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'api_key_usage',
        columns: [
          { name: 'key_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'day', type: 'varchar', length: '10', isPrimary: true },
          { name: 'publication_id', type: 'varchar', length: '36' },
          { name: 'requests', type: 'integer', default: 0 },
          { name: 'errors', type: 'integer', default: 0 },
          { name: 'input_tokens', type: 'bigint', default: 0 },
          { name: 'output_tokens', type: 'bigint', default: 0 },
          { name: 'latency_ms_total', type: 'bigint', default: 0 },
        ],
        indices: [new TableIndex({ name: 'IDX_api_key_usage_publication', columnNames: ['publication_id', 'day'] })],
        foreignKeys: [publicationForeignKey('FK_api_key_usage_publication')],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('api_key_usage');
    await queryRunner.dropTable('api_keys');
    await queryRunner.dropTable('api_publications');
  }
}
