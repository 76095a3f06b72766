import type { QueryRunner } from 'typeorm';

/** Whether the migration runs on PostgreSQL (the same migrations run on SQLite). */
export function isPostgres(queryRunner: QueryRunner): boolean {
  return queryRunner.connection.driver.options.type === 'postgres';
}

/** Raw SQL names the configured PostgreSQL schema (the tests use one per file). */
export function schemaOf(queryRunner: QueryRunner): string {
  const schema = (queryRunner.connection.driver.options as { schema?: string }).schema;
  return `"${schema ?? 'public'}"`;
}

/** A table's or index's name for raw SQL: in the configured schema on PostgreSQL, bare on SQLite. */
export function qualifiedName(queryRunner: QueryRunner, name: string): string {
  return isPostgres(queryRunner) ? `${schemaOf(queryRunner)}."${name}"` : `"${name}"`;
}
