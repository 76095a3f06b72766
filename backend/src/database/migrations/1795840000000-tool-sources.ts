import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { timestampType } from './column-types';

/**
 * An agent's tool sources (issue 33): MCP servers and OpenAPI-described APIs, with the tools found
 * in them (a JSON text column: always read and written whole) and the credential encrypted.
 */
export class ToolSources1795840000000 implements MigrationInterface {
  name = 'ToolSources1795840000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = timestampType(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'tool_sources',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'agent_id', type: 'varchar', length: '64' },
          { name: 'type', type: 'varchar', length: '16' },
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'url', type: 'text', isNullable: true },
          { name: 'openapi', type: 'text', isNullable: true },
          { name: 'base_url', type: 'text', isNullable: true },
          { name: 'auth_type', type: 'varchar', length: '16' },
          { name: 'auth_header_name', type: 'varchar', length: '100', isNullable: true },
          { name: 'auth_secret', type: 'text', isNullable: true },
          { name: 'auth_hint', type: 'varchar', length: '8', isNullable: true },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'error', type: 'text', isNullable: true },
          { name: 'tools', type: 'text' },
          // Bumped by every change: a change made from a stale read is tried again (two switches at once).
          { name: 'version', type: 'integer', default: 1 },
          { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
          { name: 'updated_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [new TableIndex({ name: 'IDX_tool_sources_agent_created', columnNames: ['agent_id', 'created_at'] })],
        // An agent's tool sources go with it.
        foreignKeys: [
          { name: 'FK_tool_sources_agent', columnNames: ['agent_id'], referencedTableName: 'agents', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('tool_sources');
  }
}
