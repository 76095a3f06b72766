import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { qualifiedName } from './sql-names';

/**
 * A key's use of its monthly quotas this month, on its own row, so that every instance reserves a
 * call with one conditional update before the model is asked (issue 29: concurrent calls, or an
 * MCP batch, went past the quota). Keys with quotas start from what the usage table holds for the
 * current month.
 */
export class ApiKeyMonthQuota1795380000400 implements MigrationInterface {
  name = 'ApiKeyMonthQuota1795380000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('api_keys', [
      new TableColumn({ name: 'quota_month', type: 'varchar', length: '7', isNullable: true }),
      new TableColumn({ name: 'quota_requests', type: 'integer', default: 0 }),
      new TableColumn({ name: 'quota_tokens', type: 'bigint', default: 0 }),
    ]);
    const month = new Date().toISOString().slice(0, 7);
    const keys = qualifiedName(queryRunner, 'api_keys');
    const usage = qualifiedName(queryRunner, 'api_key_usage');
    const thisMonth = `FROM ${usage} u WHERE u."key_id" = ${keys}."id" AND u."day" >= '${month}-01'`;
    await queryRunner.query(
      `UPDATE ${keys} SET "quota_month" = '${month}', ` +
        `"quota_requests" = (SELECT COALESCE(SUM(u."requests"), 0) ${thisMonth}), ` +
        `"quota_tokens" = (SELECT COALESCE(SUM(u."input_tokens" + u."output_tokens"), 0) ${thisMonth}) ` +
        `WHERE "monthly_request_quota" IS NOT NULL OR "monthly_token_quota" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('api_keys', 'quota_tokens');
    await queryRunner.dropColumn('api_keys', 'quota_requests');
    await queryRunner.dropColumn('api_keys', 'quota_month');
  }
}
