import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { timestampType } from './column-types';
import { qualifiedName } from './sql-names';

/**
 * A subscriber's cancellation takes effect when the paid period ends (issue 31, item 4): the stored
 * subscription keeps whether it is set to end (cancel_at_period_end) and when its period ends
 * (current_period_end), and so does the demo gateway's. Stored subscriptions of the demo gateway
 * take their period's end from it; Stripe's get theirs with the next webhook or change.
 */
export class SubscriptionCancelAtPeriodEnd1795500000000 implements MigrationInterface {
  name = 'SubscriptionCancelAtPeriodEnd1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('subscriptions', [
      new TableColumn({ name: 'cancel_at_period_end', type: 'boolean', default: false }),
      new TableColumn({ name: 'current_period_end', type: timestampType(queryRunner), isNullable: true }),
    ]);
    await queryRunner.addColumn('demo_gateway_subscriptions', new TableColumn({ name: 'cancel_at_period_end', type: 'boolean', default: false }));
    const stored = qualifiedName(queryRunner, 'subscriptions');
    const demo = qualifiedName(queryRunner, 'demo_gateway_subscriptions');
    await queryRunner.query(
      `UPDATE ${stored} SET "current_period_end" = (SELECT d."current_period_end" FROM ${demo} d WHERE d."id" = ${stored}."subscription_id") ` +
        `WHERE EXISTS (SELECT 1 FROM ${demo} d WHERE d."id" = ${stored}."subscription_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('demo_gateway_subscriptions', 'cancel_at_period_end');
    await queryRunner.dropColumn('subscriptions', 'current_period_end');
    await queryRunner.dropColumn('subscriptions', 'cancel_at_period_end');
  }
}
