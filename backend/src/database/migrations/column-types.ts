import type { QueryRunner } from 'typeorm';

/** A point in time: timestamptz on PostgreSQL, datetime on SQLite (TypeORM's own mapping). */
export function timestampType(queryRunner: QueryRunner): string {
  return queryRunner.connection.driver.options.type === 'postgres' ? 'timestamptz' : 'datetime';
}
