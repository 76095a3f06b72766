import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * Issue 36: the tasks of published agents spoken to over A2A, in the database so that every
 * instance reads and cancels them. A task goes with its agent.
 */
export class A2aTasks1795880000000 implements MigrationInterface {
  name = 'A2aTasks1795880000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'a2a_tasks',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'agent_id', type: 'varchar', length: '64' },
          { name: 'owner_sub', type: 'varchar', length: '64' },
          { name: 'context_id', type: 'varchar', length: '64' },
          { name: 'state', type: 'integer' },
          { name: 'task', type: 'text' },
          { name: 'updated_at', type: 'bigint' },
        ],
        indices: [new TableIndex({ name: 'IDX_a2a_tasks_owner_agent_updated', columnNames: ['owner_sub', 'agent_id', 'updated_at'] })],
        foreignKeys: [{ columnNames: ['agent_id'], referencedTableName: 'agents', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('a2a_tasks');
  }
}
