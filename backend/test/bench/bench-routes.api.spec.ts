import request from 'supertest';
import { benchModules, constantBody } from '../../src/modules/bench/bench.module';
import { createTestApp } from '../support/test-app';

describe('benchmark routes', () => {
  it('do not exist unless BENCH_ROUTES=1', async () => {
    expect(benchModules({})).toEqual([]);
    expect(benchModules({ BENCH_ROUTES: 'true' })).toEqual([]);
    const testApp = await createTestApp();
    try {
      await request(testApp.server).get('/api/bench/constant?bytes=1000').expect(404);
    } finally {
      await testApp.close();
    }
  });

  it('serve a constant JSON body of the size asked for when BENCH_ROUTES=1', async () => {
    process.env.BENCH_ROUTES = '1';
    try {
      const testApp = await createTestApp();
      try {
        const response = await request(testApp.server).get('/api/bench/constant?bytes=15000').expect(200);
        expect(Buffer.byteLength(response.text)).toBe(15000);
        expect(Array.isArray(response.body.items)).toBe(true);
        await request(testApp.server).get('/api/bench/constant?bytes=abc').expect(400);
      } finally {
        await testApp.close();
      }
    } finally {
      delete process.env.BENCH_ROUTES;
    }
  });

  it.each([60, 333, 4096, 20000])('builds a body of exactly %i bytes', (bytes) => {
    expect(Buffer.byteLength(JSON.stringify(constantBody(bytes)))).toBe(bytes);
  });
});
