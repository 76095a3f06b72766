import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * Issue 36, item 3: when a buyer's Stripe subscription of metered prices began, so that no meter
 * event is dated before it (Stripe bills a period's events only, and the subscription's first
 * period begins when it is made).
 */
export class ApiBillingSubscribedAt1795896000100 implements MigrationInterface {
  name = 'ApiBillingSubscribedAt1795896000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('api_billing_accounts', new TableColumn({ name: 'subscribed_at', type: 'integer', isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('api_billing_accounts', 'subscribed_at');
  }
}
