import type { QueryRunner } from 'typeorm';
import { isPostgres } from './sql-names';

/** A point in time: timestamptz on PostgreSQL, datetime on SQLite (TypeORM's own mapping). */
export function timestampType(queryRunner: QueryRunner): string {
  return isPostgres(queryRunner) ? 'timestamptz' : 'datetime';
}
