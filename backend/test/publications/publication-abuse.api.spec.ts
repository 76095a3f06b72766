import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createApp } from '../../src/app.factory';
import { IdentityAdminService } from '../../src/modules/identity/identity-admin.service';
import { type OpenAiFake, openAiFakeEnv, startOpenAiFake } from '../fakes/openai-fake';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(180_000);

/**
 * Issue 29, findings 4 to 6: what a published agent's keys may be made to do, attacked as the
 * outside probe did. Every model call costs its owner money: no batch, no burst of concurrent
 * calls, no number of keys and no disabled account gets more calls than the limits allow.
 */
describe('published agents’ keys cannot be made to pass their limits', () => {
  let fake: OpenAiFake;
  let testApp: TestApp;
  let base: string;
  const http = () => request(testApp.server);

  beforeAll(async () => {
    fake = await startOpenAiFake({ reply: ['Vale.'], usage: { prompt_tokens: 40, completion_tokens: 10 }, delayMs: 50 });
    testApp = await createTestApp(
      openAiFakeEnv(fake, {
        RATE_LIMIT_AGENTS_PER_HOUR: '1000',
        RATE_LIMIT_API_MODEL_CALLS_PER_MINUTE: '8',
        API_KEY_RATE_LIMIT_MAX: '1000',
        API_KEYS_PER_PUBLICATION_MAX: '3',
        API_KEYS_PER_ACCOUNT_MAX: '5',
      }),
    );
    await testApp.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(testApp.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  /** The count is per clock minute: start well inside one. */
  const intoFreshMinute = async () => {
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_100 - intoMinute));
  };
  const publish = async (owner: SignedInUser, name = 'Cara') => {
    const agentId = (
      await http().post('/api/agents').set(owner.authorization).send({ name, category: 'legal', description: 'Cuesta dinero', prompt: 'Eres breve.' }).expect(201)
    ).body.id as string;
    const publication = (await http().post(`/api/agent/${agentId}/publication`).set(owner.authorization).send({}).expect(201)).body;
    return { agentId, publicationId: publication.apiId as string, defaultSecret: publication.apiKey.secret as string };
  };
  const newKey = (owner: SignedInUser, publicationId: string, limits: object) =>
    http().post(`/api/publication/${publicationId}/keys`).set(owner.authorization).send({ name: 'Otra', ...limits });
  const invoke = (agentId: string, secret: string, body: object = { input: 'Hola' }) =>
    http().post(`/api/v1/agent/${agentId}/invoke`).set('x-api-key', secret).send(body);
  const mcpClient = async (agentId: string, secret: string) => {
    const client = new Client({ name: 'prueba', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/api/v1/agent/${agentId}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${secret}` } } }),
    );
    return client;
  };

  it('refuses an MCP JSON-RPC batch: twenty tools/call in one POST make no model call', async () => {
    const owner = await signUpAndSignIn(testApp, 'lotes@example.com');
    const { agentId, publicationId } = await publish(owner);
    const { secret } = (await newKey(owner, publicationId, { rateLimitPerMinute: 2, monthlyRequestQuota: 5 }).expect(201)).body;
    fake.requests.length = 0;
    const batch = Array.from({ length: 20 }, (_, id) => ({ jsonrpc: '2.0', id: id + 1, method: 'tools/call', params: { name: 'ask_agent', arguments: { input: `Pregunta ${id}` } } }));
    const response = await http()
      .post(`/api/v1/agent/${agentId}/mcp`)
      .set('x-api-key', secret)
      .set('Accept', 'application/json, text/event-stream')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(batch))
      .expect(400);
    expect(response.body).toEqual({ jsonrpc: '2.0', error: { code: -32600, message: expect.stringContaining('no admite lotes') }, id: null });
    expect(fake.requests).toHaveLength(0);
  });

  it('counts each MCP tools/call against the key’s monthly quota, refused with 429 once it is used up', async () => {
    const owner = await signUpAndSignIn(testApp, 'cuota-mcp@example.com');
    const { agentId, publicationId } = await publish(owner);
    const { secret } = (await newKey(owner, publicationId, { monthlyRequestQuota: 2 }).expect(201)).body;
    const client = await mcpClient(agentId, secret);
    try {
      for (let i = 0; i < 2; i += 1) expect((await client.callTool({ name: 'ask_agent', arguments: { input: 'Hola' } })).isError).toBeFalsy();
      const refused = await client.callTool({ name: 'ask_agent', arguments: { input: 'Hola' } }).catch((error: unknown) => error);
      expect(String(refused)).toContain('429');
      expect(String(refused)).toContain('Esta clave de API ha agotado su cuota mensual de 2 peticiones.');
      // Listing the tools asks no model: it still works.
      expect((await client.listTools()).tools).toHaveLength(1);
    } finally {
      await client.close();
    }
  });

  it('reserves the monthly quota before the model is called: seven calls at once on two instances, on a quota of five, make five model calls', async () => {
    const owner = await signUpAndSignIn(testApp, 'rafaga@example.com');
    const { agentId, publicationId } = await publish(owner);
    const { secret } = (await newKey(owner, publicationId, { rateLimitPerMinute: 1000, monthlyRequestQuota: 5 }).expect(201)).body;
    // A second instance on the same database, as behind a load balancer.
    const second: NestExpressApplication = await createApp(testApp.config);
    await second.init();
    try {
      await intoFreshMinute();
      fake.requests.length = 0;
      // Within the owner's budget of eight a minute (on each instance), so only the quota refuses.
      const statuses = (
        await Promise.all(
          Array.from({ length: 7 }, (_, i) => request(i % 2 === 0 ? testApp.server : second.getHttpServer()).post(`/api/v1/agent/${agentId}/invoke`).set('x-api-key', secret).send({ input: 'Hola' })),
        )
      ).map((response) => response.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(2);
      expect(fake.requests).toHaveLength(5);
    } finally {
      await second.close();
    }
    const refused = await invoke(agentId, secret).expect(429);
    expect(refused.body.message).toBe('Esta clave de API ha agotado su cuota mensual de 5 peticiones.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('stops a disabled account’s keys at once on invoke, MCP and /v1/models, and lets them work again when it is enabled', async () => {
    const owner = await signUpAndSignIn(testApp, 'baja-claves@example.com');
    const { agentId, defaultSecret } = await publish(owner);
    // Read (and kept) by the key cache before the account is disabled.
    await invoke(agentId, defaultSecret).expect(200);
    await http().get('/api/v1/models').set('Authorization', `Bearer ${defaultSecret}`).expect(200);
    // What `npm run admin -- disable` and the admin screen do.
    expect(await testApp.app.get(IdentityAdminService).setEnabledByEmail('baja-claves@example.com', false)).toBe(true);
    fake.requests.length = 0;

    const message = 'La cuenta dueña de esta clave de API está desactivada: sus claves no funcionan.';
    expect((await invoke(agentId, defaultSecret).expect(403)).body.message).toBe(message);
    const models = await http().get('/api/v1/models').set('Authorization', `Bearer ${defaultSecret}`).expect(403);
    expect(models.body.error).toMatchObject({ message, type: 'permission_error', code: 'AccountDisabled' });
    const completion = await http()
      .post('/api/v1/chat/completions')
      .set('Authorization', `Bearer ${defaultSecret}`)
      .send({ model: agentId, messages: [{ role: 'user', content: 'Hola' }] })
      .expect(403);
    expect(completion.body.error.message).toBe(message);
    const mcp = await mcpClient(agentId, defaultSecret).catch((error: unknown) => error);
    expect(String(mcp)).toContain('403');
    expect(fake.requests).toHaveLength(0);

    expect(await testApp.app.get(IdentityAdminService).setEnabledByEmail('baja-claves@example.com', true)).toBe(true);
    await invoke(agentId, defaultSecret).expect(200);
  });

  it('caps the keys per publication and per account, and each key’s requests per minute', async () => {
    const owner = await signUpAndSignIn(testApp, 'claves@example.com');
    const first = await publish(owner, 'Primera');
    // The default key and two more: three, the publication's cap.
    await newKey(owner, first.publicationId, {}).expect(201);
    const kept = (await newKey(owner, first.publicationId, {}).expect(201)).body;
    const fourth = await newKey(owner, first.publicationId, {}).expect(409);
    expect(fourth.body.message).toBe('Esta publicación ya tiene 3 claves de API, el máximo. Revoca una que no uses para crear otra.');
    // A revoked key frees its place.
    await http().delete(`/api/publication/${first.publicationId}/keys/${kept.keyId}`).set(owner.authorization).expect(200);
    await newKey(owner, first.publicationId, {}).expect(201);

    // Another publication's default key and one more make five, the account's cap: no sixth key, and no sixth publication.
    const second = await publish(owner, 'Segunda');
    await newKey(owner, second.publicationId, {}).expect(201);
    const sixth = await newKey(owner, second.publicationId, {}).expect(409);
    expect(sixth.body.message).toBe('Tu cuenta ya tiene 5 claves de API entre todas sus publicaciones, el máximo. Revoca una que no uses para crear otra.');
    const agentId = (await http().post('/api/agents').set(owner.authorization).send({ name: 'Tercera', category: 'legal', description: 'Sin sitio', prompt: 'Hola.' }).expect(201)).body
      .id as string;
    expect((await http().post(`/api/agent/${agentId}/publication`).set(owner.authorization).send({}).expect(409)).body.message).toContain('Tu cuenta ya tiene 5 claves');
    expect((await http().get('/api/publications').set(owner.authorization).expect(200)).body).toHaveLength(2);

    const other = await signUpAndSignIn(testApp, 'limite-clave@example.com');
    const { publicationId } = await publish(other);
    const tooFast = await newKey(other, publicationId, { rateLimitPerMinute: 1_000_000 }).expect(400);
    expect(tooFast.body.message).toBe('rateLimitPerMinute no puede superar 1000 peticiones por minuto.');
    expect((await newKey(other, publicationId, { rateLimitPerMinute: 1000 }).expect(201)).body.rateLimitPerMinute).toBe(1000);
  });

  it('holds all of an account’s keys to one budget of model calls a minute, with RateLimit headers', async () => {
    const owner = await signUpAndSignIn(testApp, 'muchas-claves@example.com');
    const first = await publish(owner, 'Uno');
    const second = await publish(owner, 'Dos');
    const fast = [
      (await newKey(owner, first.publicationId, { rateLimitPerMinute: 1000 }).expect(201)).body.secret as string,
      (await newKey(owner, second.publicationId, { rateLimitPerMinute: 1000 }).expect(201)).body.secret as string,
    ];
    await intoFreshMinute();
    fake.requests.length = 0;
    // Listing models asks no model: it is not counted.
    await http().get('/api/v1/models').set('x-api-key', fast[0]).expect(200);
    const calls = [
      () => invoke(first.agentId, fast[0]),
      () => invoke(second.agentId, fast[1]),
      () => http().post('/api/v1/chat/completions').set('x-api-key', fast[1]).send({ model: second.agentId, messages: [{ role: 'user', content: 'Hola' }] }),
    ];
    const statuses = (await Promise.all(Array.from({ length: 12 }, (_, i) => calls[i % 3]()))).map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(8);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    expect(fake.requests).toHaveLength(8);

    const refused = await invoke(first.agentId, fast[0]).expect(429);
    expect(refused.body.message).toMatch(/^Las claves de API de esta cuenta admiten 8 consultas al modelo por minuto entre todas\. Vuelve a intentarlo dentro de \d+ segundos?\.$/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['ratelimit-policy']).toBe('"per-key";q=1000;w=60, "per-owner";q=8;w=60');
    expect(refused.headers.ratelimit).toMatch(new RegExp(`^"per-key";r=${1000 - 6};t=\\d+, "per-owner";r=0;t=${retryAfter}$`));
    expect(refused.headers['ratelimit-limit']).toBe('8');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    const openAi = await http().post('/api/v1/chat/completions').set('x-api-key', fast[1]).send({ model: second.agentId, messages: [{ role: 'user', content: 'Hola' }] }).expect(429);
    expect(openAi.body.error).toMatchObject({ type: 'rate_limit_error', code: 'RateLimited' });

    // Another account's keys have their own budget.
    const neighbour = await signUpAndSignIn(testApp, 'vecina@example.com');
    const { agentId, defaultSecret } = await publish(neighbour);
    await invoke(agentId, defaultSecret).expect(200);
  });

  it('applies one length limit to invoke, chat completions and MCP', async () => {
    const owner = await signUpAndSignIn(testApp, 'largo@example.com');
    const { agentId, defaultSecret } = await publish(owner);
    const half = 'a'.repeat(60_000);
    fake.requests.length = 0;
    const message = 'La llamada no puede superar los 100000 caracteres entre la entrada, el contexto, los mensajes anteriores y las instrucciones.';
    expect((await invoke(agentId, defaultSecret, { input: half, context: { notas: half } }).expect(400)).body.message).toBe(message);
    const completion = await http()
      .post('/api/v1/chat/completions')
      .set('x-api-key', defaultSecret)
      .send({ model: agentId, messages: Array.from({ length: 15 }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: half })) })
      .expect(400);
    expect(completion.body.error.message).toBe(message);
    const client = await mcpClient(agentId, defaultSecret);
    try {
      const result = await client.callTool({ name: 'ask_agent', arguments: { input: 'a'.repeat(200_000) } });
      expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: message }] });
    } finally {
      await client.close();
    }
    expect(fake.requests).toHaveLength(0);
    // Up to the limit, every route answers.
    await invoke(agentId, defaultSecret, { input: 'a'.repeat(99_990), context: { n: 1 } }).expect(200);
  });
});
