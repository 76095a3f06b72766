import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { timestampType } from './column-types';

/**
 * Issue 36, item 3: monthly billing of API use. A buyer's invoices per month (with their lines per
 * key), the suspension of a buyer's keys after a failed invoice, and in Stripe mode the buyer's
 * subscription, the meters and metered prices per agent and unit, and the outbox of meter events.
 */
export class ApiBilling1795896000000 implements MigrationInterface {
  name = 'ApiBilling1795896000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const time = timestampType(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'api_invoices',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'buyer_sub', type: 'varchar', length: '64' },
          { name: 'month', type: 'varchar', length: '7' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'total', type: 'integer' },
          { name: 'currency', type: 'varchar', length: '8' },
          { name: 'provider', type: 'varchar', length: '16' },
          { name: 'gateway_invoice_id', type: 'varchar', length: '128', isNullable: true },
          { name: 'hosted_invoice_url', type: 'varchar', length: '1000', isNullable: true },
          { name: 'lines', type: 'text' },
          { name: 'charge_attempts', type: 'integer', default: 0 },
          { name: 'paid_at', type: time, isNullable: true },
          { name: 'created_at', type: time, default: 'CURRENT_TIMESTAMP' },
          { name: 'updated_at', type: time },
        ],
        indices: [
          new TableIndex({ name: 'UQ_api_invoices_buyer_month', columnNames: ['buyer_sub', 'month'], isUnique: true }),
          new TableIndex({ name: 'UQ_api_invoices_gateway_invoice', columnNames: ['gateway_invoice_id'], isUnique: true }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'api_billing_accounts',
        columns: [
          { name: 'buyer_sub', type: 'varchar', length: '64', isPrimary: true },
          { name: 'subscription_id', type: 'varchar', length: '128', isNullable: true },
          { name: 'subscribed_prices', type: 'text', default: "''" },
        ],
        indices: [new TableIndex({ name: 'UQ_api_billing_accounts_subscription', columnNames: ['subscription_id'], isUnique: true })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'api_buyer_suspensions',
        columns: [
          { name: 'buyer_sub', type: 'varchar', length: '64', isPrimary: true },
          { name: 'suspended_at', type: time },
          { name: 'invoice_id', type: 'varchar', length: '36' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'api_meters',
        columns: [
          { name: 'publication_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'unit', type: 'varchar', length: '16', isPrimary: true },
          { name: 'meter_id', type: 'varchar', length: '128' },
          { name: 'event_name', type: 'varchar', length: '100' },
          { name: 'product_id', type: 'varchar', length: '128' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'api_metered_prices',
        columns: [
          { name: 'publication_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'unit', type: 'varchar', length: '16', isPrimary: true },
          { name: 'from_month', type: 'varchar', length: '7', isPrimary: true },
          { name: 'price_id', type: 'varchar', length: '128' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'api_meter_reports',
        columns: [
          { name: 'id', type: 'varchar', length: '100', isPrimary: true },
          { name: 'key_id', type: 'varchar', length: '36' },
          { name: 'day', type: 'varchar', length: '10' },
          { name: 'unit', type: 'varchar', length: '16' },
          { name: 'sequence', type: 'integer' },
          { name: 'value', type: 'bigint' },
          { name: 'event_name', type: 'varchar', length: '100' },
          { name: 'customer_id', type: 'varchar', length: '128' },
          { name: 'timestamp', type: 'integer' },
          { name: 'sent_at', type: time, isNullable: true },
        ],
        indices: [new TableIndex({ name: 'IDX_api_meter_reports_unsent', columnNames: ['sent_at'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['api_meter_reports', 'api_metered_prices', 'api_meters', 'api_buyer_suspensions', 'api_billing_accounts', 'api_invoices']) await queryRunner.dropTable(table);
  }
}
