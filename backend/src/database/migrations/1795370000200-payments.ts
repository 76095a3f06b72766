import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { timestampType } from './column-types';

/**
 * Payments (issue 14): one gateway customer per user, the catalogue of monthly prices of paid
 * agents and ecosystems (a new amount is a new price; old ones stay for their subscribers), the
 * webhook events already processed, the install's demo webhook secret, and what a stored
 * subscription needs to follow its gateway (customer, ecosystem, who and what, last update time).
 */
export class Payments1795370000200 implements MigrationInterface {
  name = 'Payments1795370000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = timestampType(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'payment_customers',
        columns: [
          { name: 'user_sub', type: 'varchar', length: '64', isPrimary: true },
          { name: 'customer_id', type: 'varchar', length: '128', isUnique: true },
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'email', type: 'varchar', length: '320' },
          { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'payment_prices',
        columns: [
          { name: 'price_id', type: 'varchar', length: '128', isPrimary: true },
          { name: 'product_id', type: 'varchar', length: '128' },
          { name: 'item_kind', type: 'varchar', length: '16' },
          { name: 'item_id', type: 'varchar', length: '64' },
          { name: 'unit_amount', type: 'integer' },
          { name: 'currency', type: 'varchar', length: '8' },
          { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [new TableIndex({ name: 'IDX_payment_prices_item', columnNames: ['item_kind', 'item_id'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'processed_payment_events',
        columns: [
          { name: 'event_id', type: 'varchar', length: '255', isPrimary: true },
          { name: 'type', type: 'varchar', length: '100' },
          { name: 'processed_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'payment_secrets',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'secret', type: 'varchar', length: '255' },
        ],
      }),
    );
    await queryRunner.addColumns('subscriptions', [
      new TableColumn({ name: 'customer_id', type: 'varchar', length: '128', isNullable: true }),
      new TableColumn({ name: 'ecosystem_id', type: 'varchar', length: '64', isNullable: true }),
      new TableColumn({ name: 'user_name', type: 'varchar', length: '200', isNullable: true }),
      new TableColumn({ name: 'user_email', type: 'varchar', length: '320', isNullable: true }),
      new TableColumn({ name: 'products', type: 'text', isNullable: true }),
      new TableColumn({ name: 'gateway_updated_at', type: timestamp, isNullable: true }),
    ]);
    await queryRunner.createIndex('subscriptions', new TableIndex({ name: 'IDX_subscriptions_customer', columnNames: ['customer_id'] }));
    for (const table of ['agents', 'ecosystems']) {
      await queryRunner.addColumns(table, [
        new TableColumn({ name: 'product_id', type: 'varchar', length: '128', isNullable: true }),
        new TableColumn({ name: 'price_id', type: 'varchar', length: '128', isNullable: true }),
      ]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['ecosystems', 'agents']) {
      await queryRunner.dropColumn(table, 'price_id');
      await queryRunner.dropColumn(table, 'product_id');
    }
    await queryRunner.dropIndex('subscriptions', 'IDX_subscriptions_customer');
    for (const column of ['gateway_updated_at', 'products', 'user_email', 'user_name', 'ecosystem_id', 'customer_id']) {
      await queryRunner.dropColumn('subscriptions', column);
    }
    await queryRunner.dropTable('payment_secrets');
    await queryRunner.dropTable('processed_payment_events');
    await queryRunner.dropTable('payment_prices');
    await queryRunner.dropTable('payment_customers');
  }
}
