import request from 'supertest';
import { DataSource } from 'typeorm';
import { describeWithRedis, TEST_REDIS_URL } from '../support/services';
import { createTestApp, type TestApp } from '../support/test-app';

/** Issue 35, point 4: the probes an orchestrator (Kubernetes, a load balancer) asks. */
describe('GET /api/health/live and /api/health/ready', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('live: the process answers, uncached', async () => {
    const response = await request(testApp.server).get('/api/health/live').expect(200);
    expect(response.body).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('ready: database answering, migrations applied, no Redis configured, not shutting down', async () => {
    const response = await request(testApp.server).get('/api/health/ready').expect(200);
    expect(response.body).toEqual({ status: 'ok', database: true, migrations: true, redis: 'none', shuttingDown: false });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('ready: 503 while a migration is not applied (an instance older or newer than the schema)', async () => {
    const dataSource = testApp.app.get(DataSource);
    // On PostgreSQL the tests' schema is the data source's, not the connection's search path.
    const schema = (dataSource.options as { schema?: string }).schema;
    const migrations = schema ? `"${schema}".migrations` : 'migrations';
    const [last] = (await dataSource.query(`SELECT id, timestamp, name FROM ${migrations} ORDER BY timestamp DESC LIMIT 1`)) as {
      id: number;
      timestamp: string | number;
      name: string;
    }[];
    await dataSource.query(`DELETE FROM ${migrations} WHERE name = '${last.name}'`);
    try {
      const response = await request(testApp.server).get('/api/health/ready').expect(503);
      expect(response.body).toEqual({ status: 'error', database: true, migrations: false, redis: 'none', shuttingDown: false });
      // Liveness does not look at the schema: restarting would not help.
      await request(testApp.server).get('/api/health/live').expect(200);
    } finally {
      await dataSource.query(`INSERT INTO ${migrations} (id, timestamp, name) VALUES (${last.id}, ${Number(last.timestamp)}, '${last.name}')`);
    }
    await request(testApp.server).get('/api/health/ready').expect(200);
  });
});

describe('GET /api/health/ready when the database is gone', () => {
  it('answers 503 with the database (and so the migrations) marked failing; live still answers 200', async () => {
    const testApp = await createTestApp();
    const dataSource = testApp.app.get(DataSource);
    try {
      await dataSource.destroy();
      const response = await request(testApp.server).get('/api/health/ready').expect(503);
      expect(response.body).toEqual({ status: 'error', database: false, migrations: false, redis: 'none', shuttingDown: false });
      await request(testApp.server).get('/api/health/live').expect(200);
      // The existing route keeps its own shape.
      await request(testApp.server).get('/api/health').expect(503);
    } finally {
      await dataSource.initialize();
      await testApp.close();
    }
  });
});

describeWithRedis('GET /api/health/ready with REDIS_URL', () => {
  it('reports Redis as answering', async () => {
    const testApp = await createTestApp({ REDIS_URL: TEST_REDIS_URL! });
    try {
      const response = await request(testApp.server).get('/api/health/ready').expect(200);
      expect(response.body).toEqual({ status: 'ok', database: true, migrations: true, redis: 'ok', shuttingDown: false });
    } finally {
      await testApp.close();
    }
  });
});
