import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { type AppConfig, loadConfig } from '../../src/config/app-config';
import { freePort } from './free-port';
import { withPostgres } from './test-app';

const REGISTER = join(__dirname, 'swc-register.cjs');
const MAIN = join(__dirname, '..', '..', 'src', 'main.ts');
const STARTUP_TIMEOUT_MS = 60_000;
const OUTPUT_TAIL_CHARS = 20_000;

/**
 * One install of the real backend for tests that run it as a separate process (to kill it, say):
 * its own data directory and a throw-away database (SQLite in that directory, or, when
 * TEST_DATABASE_URL is set, a fresh PostgreSQL schema, dropped by `dispose`) and a fixed port, so
 * that every `start` comes back on the same data at the same address.
 */
export interface BackendInstall {
  /** `http://127.0.0.1:{port}`; the product API is under `/api`. */
  url: string;
  /** The configuration every start loads, as the tests' own process reads it. */
  config: AppConfig;
  /** Starts the backend from its TypeScript sources and resolves once /api/health answers. */
  start(): Promise<BackendProcess>;
  /**
   * Plain SQL on the install's database, table names unqualified (the schema is in the search
   * path). On SQLite it reads a copy of the files, so call it while the backend is not running.
   */
  query<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  dispose(): Promise<void>;
}

export interface BackendProcess {
  /** The process' id (with WEB_CONCURRENCY above one, the cluster's primary). */
  pid: number;
  /** Ends the process with SIGKILL, as a crash or an out-of-memory kill would; resolves once it is gone. */
  kill(): Promise<void>;
  /** Ends it the normal way (SIGTERM); resolves with its exit code once it is gone. */
  stop(): Promise<number | null>;
  /** The end of what it printed, for a failure's message. */
  output(): string;
  /** Every JSON log line it has written so far, whole and parsed, in the order each stream wrote them. */
  logLines<T = Record<string, unknown>>(): T[];
}

export async function createBackendInstall(env: Record<string, string> = {}): Promise<BackendInstall> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nova-process-'));
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  if (postgresUrl) await withPostgres(postgresUrl, (client) => client.query(`CREATE SCHEMA "${schema}"`));

  const port = await freePort();
  const installEnv: Record<string, string> = {
    LOG_LEVEL: 'error',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    ...(postgresUrl ? { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema } : {}),
    ...env,
  };
  const config = loadConfig(installEnv);
  const url = `http://127.0.0.1:${port}`;
  const running = new Set<ChildProcess>();

  return {
    url,
    config,
    async start() {
      const child = spawn(process.execPath, ['-r', REGISTER, MAIN], {
        // Only what the install names: the tests' own environment (DATABASE_URL, REDIS_URL…) stays out.
        env: { PATH: process.env.PATH ?? '', ...installEnv },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      running.add(child);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      void exited.then(() => running.delete(child));
      let output = '';
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
      };
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
      // Read apart from `output`, which is a tail of both streams: its first line may be cut.
      const jsonLines: string[] = [];
      for (const stream of [child.stdout, child.stderr]) {
        let partial = '';
        stream?.on('data', (chunk: Buffer) => {
          const lines = (partial + chunk.toString('utf8')).split('\n');
          partial = lines.pop()!;
          for (const line of lines) if (line.startsWith('{')) jsonLines.push(line);
        });
      }
      const ended = (signal: NodeJS.Signals) => async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill(signal);
        return exited;
      };
      await waitForHealth(url, exited, () => output);
      const kill = ended('SIGKILL');
      return { pid: child.pid!, kill: async () => void (await kill()), stop: ended('SIGTERM'), output: () => output, logLines: <T>() => jsonLines.map((line) => JSON.parse(line) as T) };
    },
    async query<T>(sql: string) {
      const { database } = config;
      if (database.type === 'postgres') {
        let rows: T[] = [];
        await withPostgres(database.url, async (client) => {
          await client.query(`SET search_path TO "${schema}"`);
          rows = (await client.query(sql)).rows as T[];
        });
        return rows;
      }
      // On a copy: opening the file itself would recover a killed backend's journal before the backend does.
      const copyDir = mkdtempSync(join(tmpdir(), 'nova-process-copy-'));
      try {
        for (const suffix of ['', '-wal']) {
          if (existsSync(database.path + suffix)) copyFileSync(database.path + suffix, join(copyDir, `copy.sqlite${suffix}`));
        }
        const copy = new DataSource({ type: 'better-sqlite3', database: join(copyDir, 'copy.sqlite') });
        await copy.initialize();
        try {
          return (await copy.query(sql)) as T[];
        } finally {
          await copy.destroy();
        }
      } finally {
        rmSync(copyDir, { recursive: true, force: true });
      }
    },
    async dispose() {
      for (const child of running) child.kill('SIGKILL');
      if (postgresUrl) await withPostgres(postgresUrl, (client) => client.query(`DROP SCHEMA "${schema}" CASCADE`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitForHealth(url: string, exited: Promise<unknown>, output: () => string): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`El backend terminó al arrancar:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`El backend no respondió en ${STARTUP_TIMEOUT_MS} ms:\n${output()}`);
}
