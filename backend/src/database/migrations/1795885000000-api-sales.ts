import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';

/**
 * Issue 36, items 1 and 2: a builder sells their published agent's API to other developers. The
 * publication says whether it is for sale; its prices are kept by the month they apply from (a
 * change applies from the next month); a buyer's keys are api_keys rows naming the buyer, with an
 * optional monthly spending cap.
 */
export class ApiSales1795885000000 implements MigrationInterface {
  name = 'ApiSales1795885000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('api_publications', new TableColumn({ name: 'for_sale', type: 'boolean', default: false }));
    await queryRunner.createTable(
      new Table({
        name: 'api_prices',
        columns: [
          { name: 'publication_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'from_month', type: 'varchar', length: '7', isPrimary: true },
          { name: 'per_1000_calls', type: 'integer' },
          { name: 'per_million_input_tokens', type: 'integer' },
          { name: 'per_million_output_tokens', type: 'integer' },
        ],
        foreignKeys: [{ columnNames: ['publication_id'], referencedTableName: 'api_publications', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await queryRunner.addColumns('api_keys', [
      new TableColumn({ name: 'buyer_sub', type: 'varchar', length: '64', isNullable: true }),
      new TableColumn({ name: 'buyer_username', type: 'varchar', length: '128', isNullable: true }),
      new TableColumn({ name: 'monthly_spend_cap', type: 'integer', isNullable: true }),
    ]);
    await queryRunner.createIndex('api_keys', new TableIndex({ name: 'IDX_api_keys_buyer_sub', columnNames: ['buyer_sub'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('api_keys', 'IDX_api_keys_buyer_sub');
    await queryRunner.dropColumns('api_keys', ['buyer_sub', 'buyer_username', 'monthly_spend_cap']);
    await queryRunner.dropTable('api_prices');
    await queryRunner.dropColumn('api_publications', 'for_sale');
  }
}
