import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { timestampType } from './column-types';

/** Issue 37: 'Eliminar mi cuenta' confirmed with the e-mailed code keeps the waiting sign-in here between the two requests. */
export class AccountDeletionCodeChallenges1795890000000 implements MigrationInterface {
  name = 'AccountDeletionCodeChallenges1795890000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'account_deletion_code_challenges',
        columns: [
          { name: 'sub', type: 'varchar', length: '64', isPrimary: true },
          { name: 'session', type: 'text' },
          { name: 'username', type: 'varchar', length: '128' },
          { name: 'expires_at', type: timestampType(queryRunner) },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('account_deletion_code_challenges');
  }
}
