import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app';
import { describeWithRedis, TEST_REDIS_URL } from '../support/services';


/**
 * With REDIS_URL set, two instances share the rate-limit counters, so that a visitor cannot get
 * twice the limit by landing on another instance. Skipped where no Redis runs.
 */
describeWithRedis('rate limits shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp({ REDIS_URL: TEST_REDIS_URL!, TRUST_PROXY: 'loopback' });
    second = await createTestApp({ REDIS_URL: TEST_REDIS_URL!, TRUST_PROXY: 'loopback' });
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('counts a visitor once across instances', async () => {
    const sessionId = `sesion-${randomUUID()}`;
    const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const send = (app: TestApp) =>
      request(app.server)
        .post('/api/assistant/messages')
        .set('X-Forwarded-For', ip)
        .send({ sessionId, message: '¿Cuáles son los planes?' });
    for (let i = 0; i < 10; i += 1) await send(first).expect(200);
    for (let i = 0; i < 10; i += 1) await send(second).expect(200);
    const response = await send(first).expect(429);
    expect(response.body.message).toBe('Has enviado demasiados mensajes. Espera un momento y vuelve a intentarlo.');
    await send(second).expect(429);
  });
});

describe('rate limits when Redis is down', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    // Nothing listens there: every count fails.
    testApp = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
  });

  afterAll(() => testApp.close());

  it('still answers the visitor (the limit is skipped and logged, not turned into an error)', async () => {
    const response = await request(testApp.server)
      .post('/api/assistant/messages')
      .send({ sessionId: `sesion-${randomUUID()}`, message: 'hola' })
      .expect(200);
    expect(response.body.mode).toBe('offline');
  });
});
