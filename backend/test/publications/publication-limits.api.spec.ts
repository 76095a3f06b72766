import request from 'supertest';
import { type OpenAiFake, openAiFakeEnv, startOpenAiFake } from '../fakes/openai-fake';
import { createBackendInstall } from '../support/backend-process';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(180_000);

describe('per-key limits and metering of published agents', () => {
  let fake: OpenAiFake;
  let testApp: TestApp;
  let ana: SignedInUser;
  const http = () => request(testApp.server);

  beforeAll(async () => {
    fake = await startOpenAiFake({ reply: ['Vale.'], usage: { prompt_tokens: 40, completion_tokens: 10 } });
    testApp = await createTestApp(openAiFakeEnv(fake, { RATE_LIMIT_AGENTS_PER_HOUR: '1000' }));
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  /** A fresh publication and a key with these limits. */
  const keyWith = async (limits: object) => {
    const agentId = (
      await http().post('/api/agents').set(ana.authorization).send({ name: 'Limitado', category: 'legal', description: 'Con límites', prompt: 'Eres breve.' }).expect(201)
    ).body.id as string;
    const publication = (await http().post(`/api/agent/${agentId}/publication`).set(ana.authorization).send({}).expect(201)).body;
    const key = (await http().post(`/api/publication/${publication.apiId}/keys`).set(ana.authorization).send({ name: 'Con límites', ...limits }).expect(201)).body;
    return { agentId, publicationId: publication.apiId as string, secret: key.secret as string };
  };
  const invoke = (agentId: string, secret: string) => http().post(`/api/v1/agent/${agentId}/invoke`).set('x-api-key', secret).send({ input: 'Hola' });

  it('refuses calls past the key’s requests per minute with 429, Retry-After and the RateLimit headers', async () => {
    const { agentId, secret } = await keyWith({ rateLimitPerMinute: 3 });
    // The count is per clock minute: start well inside one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 55_000) await new Promise((resolve) => setTimeout(resolve, 60_100 - intoMinute));
    const remaining: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await invoke(agentId, secret).expect(200);
      // The key's own policy, then its owner's budget of model calls (RATE_LIMIT_API_MODEL_CALLS_PER_MINUTE).
      expect(response.headers['ratelimit-policy']).toBe('"per-key";q=3;w=60, "per-owner";q=60;w=60');
      remaining.push(response.headers['ratelimit-remaining']);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const refused = await invoke(agentId, secret).expect(429);
    expect(refused.body.message).toMatch(/^Esta clave de API admite 3 peticiones por minuto\. Vuelve a intentarlo dentro de \d+ segundos?\.$/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.ratelimit).toBe(`"per-key";r=0;t=${retryAfter}`);
    // The OpenAI-compatible route counts against the same key.
    const openAi = await http().get('/api/v1/models').set('Authorization', `Bearer ${secret}`).expect(429);
    expect(openAi.body.error).toMatchObject({ type: 'rate_limit_error', code: 'RateLimited' });

    // Another key of the same publication has its own count.
    const other = await keyWith({ rateLimitPerMinute: 3 });
    await invoke(other.agentId, other.secret).expect(200);
  });

  it('refuses calls once the key’s monthly request or token quota is used up', async () => {
    const requests = await keyWith({ monthlyRequestQuota: 2 });
    await invoke(requests.agentId, requests.secret).expect(200);
    await invoke(requests.agentId, requests.secret).expect(200);
    const refused = await invoke(requests.agentId, requests.secret).expect(429);
    expect(refused.body.message).toBe('Esta clave de API ha agotado su cuota mensual de 2 peticiones.');

    // 50 tokens a call: the second call passes (40 < 60 tokens used), the third does not.
    const tokens = await keyWith({ monthlyTokenQuota: 60 });
    await invoke(tokens.agentId, tokens.secret).expect(200);
    await invoke(tokens.agentId, tokens.secret).expect(200);
    expect((await invoke(tokens.agentId, tokens.secret).expect(429)).body.message).toBe('Esta clave de API ha agotado su cuota mensual de 60 tokens.');
  });

  it('refuses an expired key', async () => {
    const { agentId, secret } = await keyWith({ expiresAt: new Date(Date.now() + 1_500).toISOString() });
    await invoke(agentId, secret).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect((await invoke(agentId, secret).expect(401)).body.message).toBe('La clave de API ha caducado.');
  });
});

describe('metering across a restart', () => {
  let fake: OpenAiFake;

  beforeAll(async () => {
    fake = await startOpenAiFake({ reply: ['Vale.'], usage: { prompt_tokens: 40, completion_tokens: 10 } });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('keeps every call’s figures when the backend is stopped with SIGTERM right after the calls', async () => {
    const install = await createBackendInstall(openAiFakeEnv(fake, { RATE_LIMIT_AGENTS_PER_HOUR: '1000' }));
    try {
      let backend = await install.start();
      const target = { server: install.url, config: install.config };
      const ana = await signUpAndSignIn(target, 'ana@example.com');
      const http = () => request(install.url);
      const agentId = (
        await http().post('/api/agents').set(ana.authorization).send({ name: 'Medido', category: 'legal', description: 'Con contador', prompt: 'Eres breve.' }).expect(201)
      ).body.id as string;
      const publication = (await http().post(`/api/agent/${agentId}/publication`).set(ana.authorization).send({}).expect(201)).body;
      const secret = publication.apiKey.secret as string;
      for (let i = 0; i < 4; i += 1) await http().post(`/api/v1/agent/${agentId}/invoke`).set('x-api-key', secret).send({ input: 'Hola' }).expect(200);
      await http().post(`/api/v1/agent/${agentId}/invoke`).set('x-api-key', secret).send({}).expect(400);
      // Stopped at once: what the periodic flush has not written yet, only the shutdown flush can write.
      await backend.stop();

      backend = await install.start();
      const { body } = await http().get(`/api/publication/${publication.apiId}/usage`).set(ana.authorization).expect(200);
      expect(body.days).toEqual([
        // The malformed call counts as a request and an error of the key.
        { date: new Date().toISOString().slice(0, 10), keyId: publication.apiKey.keyId, requests: 5, errors: 1, inputTokens: 160, outputTokens: 40, avgLatencyMs: expect.any(Number) },
      ]);
      await backend.stop();
    } finally {
      await install.dispose();
    }
  });
});
