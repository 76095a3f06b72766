import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { timestampType } from './column-types';

/**
 * Creators get paid (issue 14): each creator's connected account, and the ledger of what every
 * paid period of a subscription brings each agent's creator (gross, platform fee, net; a bundle's
 * payment split by the month's chat usage, with the basis of the split kept on the row).
 */
export class CreatorPayouts1795370000400 implements MigrationInterface {
  name = 'CreatorPayouts1795370000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = timestampType(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'creator_accounts',
        columns: [
          { name: 'user_sub', type: 'varchar', length: '64', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '128', isUnique: true },
          { name: 'provider', type: 'varchar', length: '16' },
          { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'creator_ledger_entries',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'subscription_id', type: 'varchar', length: '128' },
          { name: 'subscriber_sub', type: 'varchar', length: '64' },
          { name: 'period', type: 'varchar', length: '7' },
          { name: 'agent_id', type: 'varchar', length: '64' },
          { name: 'agent_name', type: 'varchar', length: '200' },
          { name: 'ecosystem_id', type: 'varchar', length: '64', isNullable: true },
          { name: 'ecosystem_name', type: 'varchar', length: '200', isNullable: true },
          { name: 'creator_sub', type: 'varchar', length: '64', isNullable: true },
          { name: 'currency', type: 'varchar', length: '8' },
          { name: 'provider', type: 'varchar', length: '16' },
          { name: 'demo', type: 'boolean', default: false },
          { name: 'payment_amount', type: 'integer' },
          { name: 'gross', type: 'integer' },
          { name: 'fee', type: 'integer' },
          { name: 'net', type: 'integer' },
          { name: 'fee_percent', type: 'decimal', precision: 5, scale: 2 },
          { name: 'split_basis', type: 'varchar', length: '16' },
          { name: 'agent_messages', type: 'integer', default: 0 },
          { name: 'bundle_messages', type: 'integer', default: 0 },
          { name: 'bundle_agents', type: 'integer', default: 1 },
          { name: 'destination_account_id', type: 'varchar', length: '128', isNullable: true },
          { name: 'paid_out', type: 'boolean', default: false },
          { name: 'settled', type: 'boolean', default: false },
          { name: 'paid_at', type: timestamp },
          { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          new TableIndex({ name: 'UQ_creator_ledger_period_agent', columnNames: ['subscription_id', 'period', 'agent_id'], isUnique: true }),
          new TableIndex({ name: 'IDX_creator_ledger_creator', columnNames: ['creator_sub', 'period'] }),
          new TableIndex({ name: 'IDX_creator_ledger_ecosystem', columnNames: ['ecosystem_id', 'period'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('creator_ledger_entries');
    await queryRunner.dropTable('creator_accounts');
  }
}
