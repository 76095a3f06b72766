import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { timestampType } from './column-types';

/**
 * Issue 37: 'Descargar mis datos'. `data_exports` keeps each request of a user's data until its
 * ZIP (a row of `files`) has been downloadable for 24 hours; the user's newest request tells when
 * they may ask again (one a day).
 */
export class DataExports1795870000000 implements MigrationInterface {
  name = 'DataExports1795870000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const time = timestampType(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'data_exports',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'user_sub', type: 'varchar', length: '64' },
          { name: 'user_email', type: 'varchar', length: '320' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'file_id', type: 'varchar', length: '36', isNullable: true },
          { name: 'token', type: 'varchar', length: '64', isNullable: true },
          { name: 'attempts', type: 'integer', default: 0 },
          { name: 'requested_at', type: time },
          { name: 'expires_at', type: time, isNullable: true },
        ],
        indices: [new TableIndex({ name: 'IDX_data_exports_user_requested', columnNames: ['user_sub', 'requested_at'] }), new TableIndex({ name: 'IDX_data_exports_status', columnNames: ['status'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('data_exports');
  }
}
