import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Global, type InjectionToken, Module } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { Client } from 'pg';
import { appOptions, configureApp, createApp } from '../../src/app.factory';
import { AppModule } from '../../src/app.module';
import { type AppConfig, loadConfig } from '../../src/config/app-config';
import { unreachable } from './services';

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
  return buildTestApp(env, createApp);
}

/** A provider to replace in the application, e.g. `[ModelGateway, fakeGateway]`. */
export type ProviderOverride = [token: InjectionToken, value: unknown];

/**
 * Like createTestApp, with some providers replaced (a fake model gateway, a fake payment
 * gateway…). A token that no module provides yet is provided globally, so a test can stand in for
 * a port whose module is still being written.
 */
export async function createTestAppWith(overrides: ProviderOverride[], env: Record<string, string> = {}): Promise<TestApp> {
  return buildTestApp(env, async (config) => {
    @Global()
    @Module({
      providers: overrides.map(([token, value]) => ({ provide: token, useValue: value })),
      exports: overrides.map(([token]) => token),
    })
    class TestOverridesModule {}

    let builder = Test.createTestingModule({ imports: [AppModule.forRoot(config), TestOverridesModule] });
    for (const [token, value] of overrides) builder = builder.overrideProvider(token).useValue(value);
    const moduleRef = await builder.compile();
    return configureApp(moduleRef.createNestApplication<NestExpressApplication>(appOptions(config)), config);
  });
}

async function buildTestApp(
  env: Record<string, string>,
  create: (config: AppConfig) => Promise<NestExpressApplication>,
): Promise<TestApp> {
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
  const app = await create(config);
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

/** Runs work on a short-lived connection to the test PostgreSQL server. */
export async function withPostgres(url: string, work: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect().catch((error: unknown) => {
    throw unreachable('PostgreSQL', url, error);
  });
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
