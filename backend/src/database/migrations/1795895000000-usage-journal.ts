import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * Issue 36, metering that loses nothing and counts nothing twice. Each process journals its
 * metered calls to a local file before answering; usage_journal_positions says how far into each
 * journal the api_key_usage ledger goes (written in the same transaction as the figures), so that
 * a journal left by a killed process is replayed from there and nothing is counted twice.
 * api_call_idempotency holds, for a day, each Idempotency-Key a key's call was sent with: claimed
 * while a try runs, so that two tries never run at once, marked answered when one is, and counted
 * with the figures in the ledger, so that a client's retry of it (on any instance) is neither run
 * nor counted again. a2a_tasks gains
 * an index on updated_at for the retention job that deletes old tasks.
 */
export class UsageJournal1795895000000 implements MigrationInterface {
  name = 'UsageJournal1795895000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'usage_journal_positions',
        columns: [
          { name: 'journal', type: 'varchar', length: '100', isPrimary: true },
          { name: 'position', type: 'bigint' },
          { name: 'closed', type: 'boolean', default: false },
          { name: 'updated_at', type: 'bigint' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'api_call_idempotency',
        columns: [
          { name: 'key_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'idempotency_key', type: 'varchar', length: '255', isPrimary: true },
          { name: 'created_at', type: 'bigint' },
          { name: 'holder', type: 'varchar', length: '64' },
          { name: 'answered', type: 'boolean', default: false },
          { name: 'counted', type: 'boolean', default: false },
        ],
        indices: [new TableIndex({ name: 'IDX_api_call_idempotency_created_at', columnNames: ['created_at'] })],
      }),
    );
    await queryRunner.createIndex('a2a_tasks', new TableIndex({ name: 'IDX_a2a_tasks_updated_at', columnNames: ['updated_at'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('a2a_tasks', 'IDX_a2a_tasks_updated_at');
    await queryRunner.dropTable('api_call_idempotency');
    await queryRunner.dropTable('usage_journal_positions');
  }
}
