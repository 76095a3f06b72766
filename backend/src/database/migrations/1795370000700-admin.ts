import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { timestampType } from './column-types';

/**
 * The admin area (issue 17): the append-only audit log, each row chained to the previous one by
 * a SHA-256 hash, and agents' moderation status.
 */
export class Admin1795370000700 implements MigrationInterface {
  name = 'Admin1795370000700';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = timestampType(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'audit_log',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true },
          { name: 'at', type: timestamp },
          { name: 'actor_sub', type: 'varchar', length: '64' },
          { name: 'action', type: 'varchar', length: '64' },
          { name: 'target', type: 'varchar', length: '200' },
          { name: 'before_json', type: 'text', isNullable: true },
          { name: 'after_json', type: 'text', isNullable: true },
          { name: 'prev_hash', type: 'varchar', length: '64' },
          { name: 'hash', type: 'varchar', length: '64' },
        ],
        indices: [new TableIndex({ name: 'IDX_audit_log_target', columnNames: ['target'] })],
      }),
    );
    // The moderation queue (MODERATION_ENABLED): existing agents are approved.
    await queryRunner.addColumn('agents', new TableColumn({ name: 'moderation_status', type: 'varchar', length: '16', default: "'approved'" }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('agents', 'moderation_status');
    await queryRunner.dropTable('audit_log');
  }
}
