import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { timestampType } from './column-types';

/**
 * The demo payment gateway's own tables (issue 14): customers, saved cards, products, monthly
 * prices, subscriptions and creators' connected accounts, kept as Stripe would keep them, with
 * ids shaped like Stripe's (cus_demo_…, pm_demo_…). No money moves.
 */
export class DemoPaymentGateway1795370000100 implements MigrationInterface {
  name = 'DemoPaymentGateway1795370000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = timestampType(queryRunner);
    const createdAt = { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' };
    await queryRunner.createTable(
      new Table({
        name: 'demo_gateway_customers',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'user_sub', type: 'varchar', length: '64' },
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'email', type: 'varchar', length: '320' },
          { name: 'default_payment_method_id', type: 'varchar', length: '64', isNullable: true },
          createdAt,
        ],
        indices: [new TableIndex({ name: 'IDX_demo_gateway_customers_user', columnNames: ['user_sub'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'demo_gateway_payment_methods',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'customer_id', type: 'varchar', length: '64' },
          { name: 'brand', type: 'varchar', length: '32' },
          { name: 'last4', type: 'varchar', length: '4' },
          { name: 'exp_month', type: 'integer' },
          { name: 'exp_year', type: 'integer' },
          createdAt,
        ],
        indices: [new TableIndex({ name: 'IDX_demo_gateway_payment_methods_customer', columnNames: ['customer_id'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'demo_gateway_products',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'name', type: 'varchar', length: '250' },
          { name: 'description', type: 'text' },
          { name: 'active', type: 'boolean', default: true },
          { name: 'metadata', type: 'text' },
          createdAt,
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'demo_gateway_prices',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'product_id', type: 'varchar', length: '64' },
          { name: 'unit_amount', type: 'integer' },
          { name: 'currency', type: 'varchar', length: '3' },
          createdAt,
        ],
        indices: [new TableIndex({ name: 'IDX_demo_gateway_prices_product', columnNames: ['product_id'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'demo_gateway_subscriptions',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'customer_id', type: 'varchar', length: '64' },
          { name: 'price_id', type: 'varchar', length: '64' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'metadata', type: 'text' },
          { name: 'idempotency_key', type: 'varchar', length: '255' },
          { name: 'destination_account_id', type: 'varchar', length: '64', isNullable: true },
          { name: 'application_fee_percent', type: 'real', isNullable: true },
          { name: 'created_at', type: timestamp },
          { name: 'current_period_start', type: timestamp },
          { name: 'current_period_end', type: timestamp },
          { name: 'canceled_at', type: timestamp, isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'IDX_demo_gateway_subscriptions_customer', columnNames: ['customer_id'] }),
          new TableIndex({ name: 'IDX_demo_gateway_subscriptions_idempotency', columnNames: ['idempotency_key'], isUnique: true }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'demo_gateway_accounts',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'user_sub', type: 'varchar', length: '64' },
          { name: 'email', type: 'varchar', length: '320' },
          createdAt,
        ],
        indices: [new TableIndex({ name: 'IDX_demo_gateway_accounts_user', columnNames: ['user_sub'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['demo_gateway_accounts', 'demo_gateway_subscriptions', 'demo_gateway_prices', 'demo_gateway_products', 'demo_gateway_payment_methods', 'demo_gateway_customers']) {
      await queryRunner.dropTable(table);
    }
  }
}
