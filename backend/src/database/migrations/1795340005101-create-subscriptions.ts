import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { timestampType } from './column-types';

/**
 * The stored subscriptions (spec section 3): an individual one names its agent, a bundle lists
 * its agents. They decide who may chat with a paid agent; the payment provider keeps them in sync.
 */
export class CreateSubscriptions1795340005101 implements MigrationInterface {
  name = 'CreateSubscriptions1795340005101';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = timestampType(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'subscriptions',
        columns: [
          { name: 'subscription_id', type: 'varchar', length: '128', isPrimary: true },
          { name: 'user_sub', type: 'varchar', length: '64' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'is_bundle', type: 'boolean', default: false },
          { name: 'agent_id', type: 'varchar', length: '64', isNullable: true },
          { name: 'agents', type: 'text' },
          { name: 'price_id', type: 'varchar', length: '128', isNullable: true },
          { name: 'price', type: 'decimal', precision: 10, scale: 2, default: 0 },
          { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
          { name: 'updated_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
          { name: 'finished_at', type: timestamp, isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'IDX_subscriptions_user_agent', columnNames: ['user_sub', 'agent_id'] }),
          new TableIndex({ name: 'IDX_subscriptions_user_bundle', columnNames: ['user_sub', 'is_bundle'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('subscriptions');
  }
}
