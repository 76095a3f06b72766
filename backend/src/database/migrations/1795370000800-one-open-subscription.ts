import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';
import { timestampType } from './column-types';

/**
 * Payments hardening (issue 14):
 * - leases: named leases shared by every instance (database/leases): the one held while a user
 *   subscribes to one agent or ecosystem, so that two simultaneous requests cannot both reach the
 *   gateway (the second answers 409 and nothing is charged twice), and the hourly jobs' (the
 *   collaboration cleanup, the payout settlement), so that one instance runs them;
 * - creator_accounts remembers whether the connected account can take charges yet (Stripe's
 *   account.updated), so that destination charges go only to accounts that finished onboarding.
 *   Demo accounts take (pretend) charges at once.
 */
export class OneOpenSubscription1795370000800 implements MigrationInterface {
  name = 'OneOpenSubscription1795370000800';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'leases',
        columns: [
          { name: 'name', type: 'varchar', length: '200', isPrimary: true },
          { name: 'holder', type: 'varchar', length: '64' },
          { name: 'expires_at', type: timestampType(queryRunner) },
        ],
      }),
    );
    for (const name of ['charges_enabled', 'payouts_enabled', 'details_submitted']) {
      await queryRunner.addColumn('creator_accounts', new TableColumn({ name, type: 'boolean', default: false }));
    }
    // Raw SQL names the table in the configured PostgreSQL schema (the tests use one per file).
    const isPostgres = queryRunner.connection.driver.options.type === 'postgres';
    const schema = isPostgres ? (queryRunner.connection.driver.options as { schema?: string }).schema : undefined;
    const table = schema ? `"${schema}"."creator_accounts"` : '"creator_accounts"';
    const yes = isPostgres ? 'true' : '1';
    await queryRunner.query(`UPDATE ${table} SET charges_enabled = ${yes}, payouts_enabled = ${yes}, details_submitted = ${yes} WHERE provider = 'demo'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of ['details_submitted', 'payouts_enabled', 'charges_enabled']) await queryRunner.dropColumn('creator_accounts', name);
    await queryRunner.dropTable('leases');
  }
}
