import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { DatabaseConfig } from '../config/app-config';
import { migrations } from './migrations';

/**
 * The same migrations run on the embedded SQLite file and on PostgreSQL; the schema is never
 * synchronised from the entities, so that both databases evolve the same, reviewed way.
 */
export function databaseOptions(config: DatabaseConfig): DataSourceOptions {
  const common = {
    migrations,
    migrationsRun: config.runMigrations ?? true,
    synchronize: false,
    migrationsTransactionMode: 'each' as const,
  };
  if (config.type === 'postgres') {
    return { ...common, type: 'postgres', url: config.url, schema: config.schema, poolSize: 10 };
  }
  mkdirSync(dirname(config.path), { recursive: true });
  return { ...common, type: 'better-sqlite3', database: config.path, enableWAL: true };
}
