import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { databaseOptions } from '../../../src/database/database-options';
import { DEMO_GATEWAY_ENTITIES } from '../../../src/modules/payments/gateway/demo';
import { withPostgres } from '../../support/test-app';

/**
 * A throw-away database with every migration run and the demo gateway's entities registered: a
 * fresh SQLite file, or a fresh schema when TEST_DATABASE_URL points at PostgreSQL.
 */
export async function createGatewayDataSource(): Promise<{ dataSource: DataSource; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nova-gateway-'));
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  if (postgresUrl) await withPostgres(postgresUrl, (client) => client.query(`CREATE SCHEMA "${schema}"`));
  const options = databaseOptions(postgresUrl ? { type: 'postgres', url: postgresUrl, schema } : { type: 'sqlite', path: join(dataDir, 'gateway.sqlite') });
  const dataSource = new DataSource({ ...options, entities: DEMO_GATEWAY_ENTITIES } as DataSourceOptions);
  await dataSource.initialize();
  return {
    dataSource,
    async close() {
      await dataSource.destroy();
      if (postgresUrl) await withPostgres(postgresUrl, (client) => client.query(`DROP SCHEMA "${schema}" CASCADE`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
