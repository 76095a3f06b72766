import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { timestampType } from './column-types';

export class CreateUserProfiles1795300000000 implements MigrationInterface {
  name = 'CreateUserProfiles1795300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'user_profiles',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'username', type: 'varchar', length: '128', isUnique: true },
          { name: 'email', type: 'varchar', length: '320' },
          { name: 'contact_name', type: 'varchar', length: '120', isNullable: true },
          { name: 'first_agent_created', type: 'boolean', default: false },
          { name: 'interaction_complete', type: 'boolean', default: false },
          { name: 'created_at', type: timestampType(queryRunner), default: 'CURRENT_TIMESTAMP' },
          { name: 'updated_at', type: timestampType(queryRunner), default: 'CURRENT_TIMESTAMP' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('user_profiles');
  }
}
