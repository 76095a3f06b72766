import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createApp } from '../../src/app.factory';
import { IdentityAdminService } from '../../src/modules/identity/identity-admin.service';
import { type OpenAiFake, openAiFakeEnv, startOpenAiFake } from '../fakes/openai-fake';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { describeWithRedis, TEST_REDIS_URL } from '../support/services';
import { createTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(90_000);

/**
 * Two instances of the backend on one database and one Redis, as behind a load balancer: a key
 * revoked on one is refused by the other at once, and the per-key limit is one count for both.
 * Skipped where no Redis runs.
 */
describeWithRedis('published agents on two instances sharing Redis', () => {
  let fake: OpenAiFake;
  let first: TestApp;
  let second: NestExpressApplication;
  let ana: SignedInUser;

  beforeAll(async () => {
    fake = await startOpenAiFake({ reply: ['Vale.'] });
    first = await createTestApp(openAiFakeEnv(fake, { REDIS_URL: TEST_REDIS_URL!, RATE_LIMIT_AGENTS_PER_HOUR: '1000' }));
    // The same configuration: the same database (file or schema) and the same Redis.
    second = await createApp(first.config);
    await second.init();
    ana = await signUpAndSignIn(first, 'ana@example.com');
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await fake.close();
  });

  const publishWithKey = async (limits: object) => {
    const agentId = (
      await request(first.server).post('/api/agents').set(ana.authorization).send({ name: 'Compartido', category: 'legal', description: 'Dos instancias', prompt: 'Eres breve.' }).expect(201)
    ).body.id as string;
    const publication = (await request(first.server).post(`/api/agent/${agentId}/publication`).set(ana.authorization).send({}).expect(201)).body;
    const key = (await request(first.server).post(`/api/publication/${publication.apiId}/keys`).set(ana.authorization).send({ name: 'K', ...limits }).expect(201)).body;
    return { agentId, publicationId: publication.apiId as string, key };
  };
  const invokeOn = (server: unknown, agentId: string, secret: string) =>
    request(server as TestApp['server']).post(`/api/v1/agent/${agentId}/invoke`).set('Authorization', `Bearer ${secret}`).send({ input: 'Hola' });

  it('refuses a key on every instance as soon as it is revoked on one', async () => {
    const { agentId, publicationId, key } = await publishWithKey({});
    // The second instance has read (and keeps) the key.
    await invokeOn(second.getHttpServer(), agentId, key.secret).expect(200);
    await invokeOn(second.getHttpServer(), agentId, key.secret).expect(200);
    await request(first.server).delete(`/api/publication/${publicationId}/keys/${key.keyId}`).set(ana.authorization).expect(200);
    // The invalidation travels through Redis: give it a moment, far shorter than the cache's life.
    const deadline = Date.now() + 500;
    let status = 200;
    while (status === 200 && Date.now() < deadline) status = (await invokeOn(second.getHttpServer(), agentId, key.secret)).status;
    expect(status).toBe(401);
  });

  it('refuses on every instance the keys of an account disabled on one', async () => {
    const owner = await signUpAndSignIn(first, 'baja-en-dos@example.com');
    const agentId = (
      await request(first.server).post('/api/agents').set(owner.authorization).send({ name: 'De baja', category: 'legal', description: 'Dos instancias', prompt: 'Eres breve.' }).expect(201)
    ).body.id as string;
    const { secret } = (await request(first.server).post(`/api/agent/${agentId}/publication`).set(owner.authorization).send({}).expect(201)).body.apiKey;
    // The second instance has read (and keeps) the key.
    await invokeOn(second.getHttpServer(), agentId, secret).expect(200);
    await first.app.get(IdentityAdminService).setEnabledByEmail('baja-en-dos@example.com', false);
    // Through Redis: give it a moment, far shorter than the key cache's life.
    const deadline = Date.now() + 500;
    let status = 200;
    while (status === 200 && Date.now() < deadline) status = (await invokeOn(second.getHttpServer(), agentId, secret)).status;
    expect(status).toBe(403);
  });

  it('counts a key’s requests per minute once across instances', async () => {
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 55_000) await new Promise((resolve) => setTimeout(resolve, 60_100 - intoMinute));
    const { agentId, key } = await publishWithKey({ rateLimitPerMinute: 2 });
    await invokeOn(first.server, agentId, key.secret).expect(200);
    await invokeOn(second.getHttpServer(), agentId, key.secret).expect(200);
    const refused = await invokeOn(first.server, agentId, key.secret).expect(429);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    await invokeOn(second.getHttpServer(), agentId, key.secret).expect(429);
  });
});
