import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { qualifiedName } from './sql-names';

/**
 * A key's requests per minute may be none of its own (null): the deployment's most
 * (API_KEY_RATE_LIMIT_MAX) applies, as the form's 'Vacío: sin límite propio' says (issue 31,
 * item 8; an empty limit used to become 60). Keys made before keep the number they have. On
 * SQLite TypeORM rebuilds api_keys (no triggers on it; foreign keys are off while migrating).
 */
export class ApiKeyOwnRateLimit1795600000100 implements MigrationInterface {
  name = 'ApiKeyOwnRateLimit1795600000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.changeColumn(
      'api_keys',
      'rate_limit_per_minute',
      new TableColumn({ name: 'rate_limit_per_minute', type: 'integer', isNullable: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The default a key without a number of its own had before.
    await queryRunner.query(`UPDATE ${qualifiedName(queryRunner, 'api_keys')} SET "rate_limit_per_minute" = 60 WHERE "rate_limit_per_minute" IS NULL`);
    await queryRunner.changeColumn(
      'api_keys',
      'rate_limit_per_minute',
      new TableColumn({ name: 'rate_limit_per_minute', type: 'integer', isNullable: false }),
    );
  }
}
