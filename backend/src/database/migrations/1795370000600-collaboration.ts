import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { timestampType } from './column-types';

/**
 * Collaboration sessions (a team of agents answering one query), the flow editor's saved flows,
 * and the leases that let one instance alone run the hourly cleanup.
 */
export class Collaboration1795370000600 implements MigrationInterface {
  name = 'Collaboration1795370000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = timestampType(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'collaboration_sessions',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'user_sub', type: 'varchar', length: '64' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'query', type: 'text' },
          { name: 'agents', type: 'text' },
          { name: 'coordinator_id', type: 'varchar', length: '64', isNullable: true },
          { name: 'topic', type: 'varchar', length: '20', isNullable: true },
          { name: 'progress', type: 'text' },
          { name: 'final_response', type: 'text', isNullable: true },
          { name: 'error', type: 'text', isNullable: true },
          { name: 'conversation_id', type: 'varchar', length: '36', isNullable: true },
          { name: 'flow_id', type: 'varchar', length: '36', isNullable: true },
          { name: 'plan', type: 'text', isNullable: true },
          { name: 'replay_of', type: 'varchar', length: '36', isNullable: true },
          { name: 'attempts', type: 'integer', default: 0 },
          { name: 'heartbeat_at', type: timestamp, isNullable: true },
          { name: 'start_time', type: timestamp },
          { name: 'end_time', type: timestamp, isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'IDX_collaboration_sessions_user_start', columnNames: ['user_sub', 'start_time'] }),
          new TableIndex({ name: 'IDX_collaboration_sessions_status_end', columnNames: ['status', 'end_time'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'collaboration_flows',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'description', type: 'text' },
          { name: 'is_template', type: 'boolean', default: false },
          { name: 'nodes', type: 'text' },
          { name: 'edges', type: 'text' },
          { name: 'owner_sub', type: 'varchar', length: '64' },
          { name: 'created_at', type: timestamp },
          { name: 'updated_at', type: timestamp },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('collaboration_flows');
    await queryRunner.dropTable('collaboration_sessions');
  }
}
