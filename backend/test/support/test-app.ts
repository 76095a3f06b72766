import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import { createApp } from '../../src/app.factory';
import { type AppConfig, loadConfig } from '../../src/config/app-config';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  /** The HTTP server to hand to supertest. */
  server: ReturnType<NestExpressApplication['getHttpServer']>;
  close(): Promise<void>;
}

/**
 * The real application on a throw-away database: a fresh SQLite file by default, or, when
 * TEST_DATABASE_URL is set, a fresh schema on that PostgreSQL server (dropped afterwards), so
 * test files can run in parallel without seeing each other's rows.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nova-test-'));
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  if (postgresUrl) await withPostgres(postgresUrl, (client) => client.query(`CREATE SCHEMA "${schema}"`));

  const config = loadConfig({
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
    ...(postgresUrl ? { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema } : {}),
    ...env,
  });
  const app = await createApp(config);
  await app.init();
  return {
    app,
    config,
    server: app.getHttpServer(),
    async close() {
      await app.close();
      if (postgresUrl) await withPostgres(postgresUrl, (client) => client.query(`DROP SCHEMA "${schema}" CASCADE`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function withPostgres(url: string, work: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
