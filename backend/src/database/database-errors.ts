import { QueryFailedError } from 'typeorm';

/** A duplicate key on PostgreSQL (23505) or SQLite (SQLITE_CONSTRAINT_PRIMARYKEY / _UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const code = (error.driverError as { code?: string } | undefined)?.code ?? '';
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** A foreign key refused the write, on PostgreSQL (23503) or SQLite. */
export function isForeignKeyViolation(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const code = (error.driverError as { code?: string } | undefined)?.code ?? '';
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
