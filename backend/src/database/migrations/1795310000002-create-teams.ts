import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { timestampType } from './column-types';

/** The agents and ecosystems in each user's team; a deleted agent or ecosystem leaves every team. */
export class CreateTeams1795310000002 implements MigrationInterface {
  name = 'CreateTeams1795310000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = timestampType(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'user_agents',
        columns: [
          { name: 'user_id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'agent_id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'category', type: 'varchar', length: '60' },
          { name: 'description', type: 'text' },
          { name: 'avatar', type: 'text', isNullable: true },
          { name: 'added_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [new TableIndex({ name: 'IDX_user_agents_agent_id', columnNames: ['agent_id'] })],
        foreignKeys: [
          {
            name: 'FK_user_agents_agent',
            columnNames: ['agent_id'],
            referencedTableName: 'agents',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'user_ecosystems',
        columns: [
          { name: 'user_id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'ecosystem_id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'category', type: 'varchar', length: '60' },
          { name: 'description', type: 'text' },
          { name: 'avatar', type: 'text', isNullable: true },
          { name: 'added_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [new TableIndex({ name: 'IDX_user_ecosystems_ecosystem_id', columnNames: ['ecosystem_id'] })],
        foreignKeys: [
          {
            name: 'FK_user_ecosystems_ecosystem',
            columnNames: ['ecosystem_id'],
            referencedTableName: 'ecosystems',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('user_ecosystems');
    await queryRunner.dropTable('user_agents');
  }
}
