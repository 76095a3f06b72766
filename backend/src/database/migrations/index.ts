import type { MixedList } from 'typeorm';

/**
 * Every migration, in order. Written with TypeORM's Table API (not raw SQL) so that each one runs
 * unchanged on SQLite and PostgreSQL.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const migrations: MixedList<Function> = [];
