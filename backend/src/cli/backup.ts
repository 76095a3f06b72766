import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { type AppConfig, ConfigValidationError, loadConfig } from '../config/app-config';

/** The two calls of better-sqlite3 used here (it ships no types; TypeORM's driver loads it too). */
interface SqliteConnection {
  prepare(sql: string): { run(...parameters: unknown[]): unknown };
  close(): void;
}
type SqliteOpen = new (path: string, options: { readonly: boolean; fileMustExist: boolean; timeout: number }) => SqliteConnection;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database = require('better-sqlite3') as SqliteOpen;

const USAGE = 'Uso: npm run backup -- <carpeta de destino, nueva o vacía>';

/** How long the copy waits for a lock the server holds (a checkpoint) before giving up. */
const BUSY_TIMEOUT_MS = 30_000;

/** Whether `path` is `directory` or inside it. */
const within = (directory: string, path: string) => {
  const rel = relative(directory, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/**
 * `npm run backup -- <dest>`: a copy of DATA_DIR taken while the server runs and writes. The
 * SQLite database is copied with `VACUUM INTO`, SQLite's online copy: one read transaction, so the
 * copy is the database as it was at one instant (every committed write before it, none after),
 * and, the file being in WAL mode, the server's writers do not wait for it. The rest of DATA_DIR
 * (uploaded files, the audit and tool-secrets keys, the mail outbox) is copied as it is. The
 * destination is itself a DATA_DIR: to restore, stop the server and start it with DATA_DIR
 * pointing at a copy of it (docs/operations.md). With PostgreSQL the database is pg_dump's; this
 * copies the rest of DATA_DIR and says so.
 */
export function backupDataDir(config: AppConfig, destination: string): number {
  const target = resolve(destination);
  if (within(config.dataDir, target)) {
    console.error(`La copia no puede ir dentro de DATA_DIR (${config.dataDir}).`);
    return 2;
  }
  if (existsSync(target) && readdirSync(target).length > 0) {
    console.error(`${target} no está vacía: elige una carpeta nueva o vacía.`);
    return 2;
  }
  mkdirSync(target, { recursive: true });

  const { database } = config;
  const sqliteFiles = database.type === 'sqlite' ? ['', '-wal', '-shm', '-journal'].map((suffix) => database.path + suffix) : [];
  if (existsSync(config.dataDir)) {
    cpSync(config.dataDir, target, { recursive: true, filter: (source) => !sqliteFiles.includes(source) });
  }

  if (database.type === 'postgres') {
    console.log(`DATA_DIR copiada en ${target}. La base de datos es PostgreSQL: cópiala con pg_dump (docs/operations.md).`);
    return 0;
  }
  // In its place within DATA_DIR; a SQLITE_PATH outside it is copied beside the rest, as nova.sqlite.
  const copy = within(config.dataDir, database.path) ? join(target, relative(config.dataDir, database.path)) : join(target, 'nova.sqlite');
  const source = new Database(database.path, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
  try {
    source.prepare('VACUUM INTO ?').run(copy);
  } finally {
    source.close();
  }
  console.log(`Copia hecha en ${target} (base de datos: ${copy}).`);
  if (!within(config.dataDir, database.path)) console.log('SQLITE_PATH está fuera de DATA_DIR: al restaurar, apunta SQLITE_PATH a la copia de nova.sqlite.');
  return 0;
}

if (require.main === module) {
  try {
    const [destination] = process.argv.slice(2);
    if (!destination) {
      console.error(USAGE);
      process.exit(2);
    }
    process.exit(backupDataDir(loadConfig(), destination));
  } catch (error) {
    console.error(error instanceof ConfigValidationError ? error.message : error);
    process.exit(1);
  }
}
