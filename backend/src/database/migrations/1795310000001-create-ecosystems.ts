import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { timestampType } from './column-types';

export class CreateEcosystems1795310000001 implements MigrationInterface {
  name = 'CreateEcosystems1795310000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = timestampType(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'ecosystems',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'description', type: 'text' },
          { name: 'category', type: 'varchar', length: '60', default: "'test'" },
          { name: 'agent_ids', type: 'text' },
          { name: 'avatar', type: 'text', isNullable: true },
          { name: 'price', type: 'decimal', precision: 10, scale: 2, default: 0 },
          { name: 'discount', type: 'decimal', precision: 5, scale: 2, default: 0 },
          { name: 'created_by', type: 'varchar', length: '128', default: "'admin'" },
          { name: 'owner_sub', type: 'varchar', length: '64', isNullable: true },
          { name: 'is_public', type: 'boolean', default: false },
          { name: 'tags', type: 'text' },
          { name: 'featured', type: 'boolean', default: false },
          { name: 'popularity', type: 'integer', default: 0 },
          { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
          { name: 'updated_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          new TableIndex({ name: 'IDX_ecosystems_public_popularity', columnNames: ['is_public', 'popularity'] }),
          new TableIndex({ name: 'IDX_ecosystems_public_price', columnNames: ['is_public', 'price'] }),
          new TableIndex({ name: 'IDX_ecosystems_category', columnNames: ['category'] }),
          new TableIndex({ name: 'IDX_ecosystems_owner_sub', columnNames: ['owner_sub'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('ecosystems');
  }
}
