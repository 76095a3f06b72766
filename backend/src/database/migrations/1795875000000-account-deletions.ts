import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { timestampType } from './column-types';

/**
 * Issue 37: accounts whose deletion is scheduled (erased 30 days after the request), and the
 * digests of erased accounts' subjects, kept only while a token issued before the erasure could
 * still be presented.
 */
export class AccountDeletions1795875000000 implements MigrationInterface {
  name = 'AccountDeletions1795875000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const at = timestampType(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'account_deletions',
        columns: [
          { name: 'sub', type: 'varchar', length: '64', isPrimary: true },
          { name: 'requested_at', type: at },
          { name: 'scheduled_for', type: at },
        ],
        indices: [{ name: 'idx_account_deletions_scheduled_for', columnNames: ['scheduled_for'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'erased_accounts',
        columns: [
          { name: 'sub_digest', type: 'varchar', length: '64', isPrimary: true },
          { name: 'forget_after', type: at },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('erased_accounts');
    await queryRunner.dropTable('account_deletions');
  }
}
