import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { qualifiedName } from './sql-names';

/**
 * Issue 29: a bundle's payment nobody used is split by its agents' list prices, as they were when
 * the subscriber bought the bundle (in cents; 0 for a free agent), kept on each ledger row. Rows
 * written before take the agents' prices now.
 */
export class LedgerListPrices1795380000301 implements MigrationInterface {
  name = 'LedgerListPrices1795380000301';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('creator_ledger_entries', new TableColumn({ name: 'list_price', type: 'integer', default: 0 }));
    const ledger = qualifiedName(queryRunner, 'creator_ledger_entries');
    const agents = qualifiedName(queryRunner, 'agents');
    await queryRunner.query(
      `UPDATE ${ledger} SET "list_price" = COALESCE((SELECT CAST(ROUND("price" * 100) AS INTEGER) FROM ${agents} WHERE ${agents}."id" = ${ledger}."agent_id"), 0)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('creator_ledger_entries', 'list_price');
  }
}
