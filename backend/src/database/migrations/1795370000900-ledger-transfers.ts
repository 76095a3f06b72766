import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * Bundle shares paid to creators (issue 14): with Stripe, a closed month's bundle shares are
 * transferred to the creators' connected accounts, each row once; the transfer's id is kept on
 * the ledger row, and how many transfers the provider refused outright (each retry after a
 * refusal takes a new idempotency key).
 */
export class LedgerTransfers1795370000900 implements MigrationInterface {
  name = 'LedgerTransfers1795370000900';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('creator_ledger_entries', new TableColumn({ name: 'transfer_id', type: 'varchar', length: '128', isNullable: true }));
    await queryRunner.addColumn('creator_ledger_entries', new TableColumn({ name: 'transfer_attempts', type: 'integer', default: 0 }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('creator_ledger_entries', 'transfer_attempts');
    await queryRunner.dropColumn('creator_ledger_entries', 'transfer_id');
  }
}
