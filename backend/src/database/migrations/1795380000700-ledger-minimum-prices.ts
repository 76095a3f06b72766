import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { isPostgres, qualifiedName } from './sql-names';

/**
 * Issue 29: a creator who lets a user sell their paid agent in the user's ecosystem is paid at
 * least their minimum (ecosystemMinimumPrice) of each period's payment, as it was when the
 * subscriber bought the bundle (in cents; 0 when nothing is owed), kept on each ledger row. Rows
 * written before take the agents' minimums now, where the rule owes one: the agent is paid, its
 * creator consents, and the ecosystem is a user's (not an admin's) that the creator does not own.
 */
export class LedgerMinimumPrices1795380000700 implements MigrationInterface {
  name = 'LedgerMinimumPrices1795380000700';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('creator_ledger_entries', new TableColumn({ name: 'minimum_price', type: 'integer', default: 0 }));
    const ledger = qualifiedName(queryRunner, 'creator_ledger_entries');
    const agents = qualifiedName(queryRunner, 'agents');
    const ecosystems = qualifiedName(queryRunner, 'ecosystems');
    const yes = isPostgres(queryRunner) ? 'true' : '1';
    const no = isPostgres(queryRunner) ? 'false' : '0';
    await queryRunner.query(
      `UPDATE ${ledger} SET "minimum_price" = COALESCE((
         SELECT CAST(ROUND(${agents}."ecosystem_minimum_price" * 100) AS INTEGER) FROM ${agents}, ${ecosystems}
          WHERE ${agents}."id" = ${ledger}."agent_id" AND ${ecosystems}."id" = ${ledger}."ecosystem_id"
            AND ${agents}."price" > 0 AND ${agents}."ecosystem_inclusion_allowed" = ${yes}
            AND ${ecosystems}."made_by_admin" = ${no} AND ${ecosystems}."owner_sub" IS NOT NULL
            AND (${agents}."owner_sub" IS NULL OR ${agents}."owner_sub" <> ${ecosystems}."owner_sub")), 0)
       WHERE "ecosystem_id" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('creator_ledger_entries', 'minimum_price');
  }
}
