import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { qualifiedName } from './sql-names';

const LEDGER = 'creator_ledger_entries';
const PERIOD_ROWS = new TableIndex({ name: 'UQ_creator_ledger_period_agent', columnNames: ['subscription_id', 'period', 'agent_id'], isUnique: true });
const PAYMENT_ROWS = new TableIndex({
  name: 'UQ_creator_ledger_payment_agent',
  columnNames: ['subscription_id', 'period', 'agent_id', 'proration_invoice_id'],
  isUnique: true,
});

/**
 * A plan change's proration is invoiced at once (issue 29) and written to the creators' ledger as
 * rows of its own, named by the invoice: each period's payment stays one row per subscription,
 * month and agent ('' here), and each proration invoice adds one more.
 */
export class LedgerProrations1795380000200 implements MigrationInterface {
  name = 'LedgerProrations1795380000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(LEDGER, new TableColumn({ name: 'proration_invoice_id', type: 'varchar', length: '128', default: "''" }));
    await queryRunner.dropIndex(LEDGER, PERIOD_ROWS.name as string);
    await queryRunner.createIndex(LEDGER, PAYMENT_ROWS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Without the column a proration row would read as a second payment of its period.
    await queryRunner.query(`DELETE FROM ${qualifiedName(queryRunner, LEDGER)} WHERE "proration_invoice_id" <> ''`);
    await queryRunner.dropIndex(LEDGER, PAYMENT_ROWS.name as string);
    await queryRunner.createIndex(LEDGER, PERIOD_ROWS);
    await queryRunner.dropColumn(LEDGER, 'proration_invoice_id');
  }
}
