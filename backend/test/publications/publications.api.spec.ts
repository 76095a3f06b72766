import request from 'supertest';
import { type OpenAiFake, openAiFakeEnv, startOpenAiFake } from '../fakes/openai-fake';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { PNG } from '../support/images';

jest.setTimeout(90_000);

const ROOMY = { RATE_LIMIT_AGENTS_PER_HOUR: '1000', RATE_LIMIT_UPLOADS_PER_HOUR: '1000' };

const systemPromptOf = (body: { messages: { role: string; content: string }[] }) => body.messages.find((m) => m.role === 'system')?.content ?? '';

/** The server-sent events of a response, as [event, data] pairs. */
function eventsOf(text: string): [string, Record<string, unknown>][] {
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event: '))
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return [eventLine.slice('event: '.length), JSON.parse(dataLine.slice('data: '.length)) as Record<string, unknown>];
    });
}

describe('agents published as APIs: publications, keys and invoke', () => {
  let fake: OpenAiFake;
  let testApp: TestApp;
  let ana: SignedInUser;
  let bob: SignedInUser;
  let jefa: SignedInUser;
  const http = () => request(testApp.server);

  beforeAll(async () => {
    fake = await startOpenAiFake({ reply: ['Hola, ', 'soy tu asesor.'], usage: { prompt_tokens: 21, completion_tokens: 7 } });
    testApp = await createTestApp(openAiFakeEnv(fake, { ...ROOMY, ADMIN_EMAILS: 'jefa@example.com' }));
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
    bob = await signUpAndSignIn(testApp, 'bob@example.com');
    jefa = await signUpAndSignIn(testApp, 'jefa@example.com');
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  const newAgent = async (user: SignedInUser, body: object = {}) =>
    (
      await http()
        .post('/api/agents')
        .set(user.authorization)
        .send({ name: 'Asesor Fiscal', category: 'finance', description: 'Impuestos al día', isPublic: false, prompt: 'Eres un asesor fiscal.', ...body })
        .expect(201)
    ).body.id as string;
  const publish = async (user: SignedInUser, agentId: string) =>
    (await http().post(`/api/agent/${agentId}/publication`).set(user.authorization).send({}).expect(201)).body;
  const invoke = (agentId: string, key: string, body: object = { input: '¿Qué impuestos pago?' }) =>
    http().post(`/api/v1/agent/${agentId}/invoke`).set('Authorization', `Bearer ${key}`).send(body);

  it('publishes an agent with its default key, whose secret is shown once and never listed', async () => {
    const agentId = await newAgent(ana);
    const published = await publish(ana, agentId);
    expect(published).toMatchObject({
      agentId,
      name: 'Asesor Fiscal',
      description: 'Impuestos al día',
      enabled: true,
      pinnedVersion: 'current',
      endpoints: { invoke: `/api/v1/agent/${agentId}/invoke`, chatCompletions: '/api/v1/chat/completions', mcp: `/api/v1/agent/${agentId}/mcp` },
      apiKey: { name: 'Clave por defecto', rateLimitPerMinute: null, monthlyRequestQuota: null, lastUsedAt: null, expiresAt: null },
    });
    const secret = published.apiKey.secret as string;
    expect(secret).toMatch(/^nova_sk_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(published.apiKey.prefix)).toBe(true);
    expect(published.apiKeys).toEqual([expect.not.objectContaining({ secret: expect.anything() })]);

    const { body: keys } = await http().get(`/api/publication/${published.apiId}/keys`).set(ana.authorization).expect(200);
    expect(keys).toEqual([
      { keyId: published.apiKey.keyId, name: 'Clave por defecto', prefix: published.apiKey.prefix, rateLimitPerMinute: null, monthlyRequestQuota: null, monthlyTokenQuota: null, createdAt: expect.any(String), lastUsedAt: null, expiresAt: null, allowConfirmedTools: false },
    ]);
    const listing = await http().get('/api/publications').set(ana.authorization).expect(200);
    expect(listing.text).not.toContain(secret);
    expect(listing.body.map((p: { apiId: string }) => p.apiId)).toContain(published.apiId);
    const single = await http().get(`/api/publication/${published.apiId}`).set(ana.authorization).expect(200);
    expect(single.text).not.toContain(secret);

    const { body: again } = await http().post(`/api/agent/${agentId}/publication`).set(ana.authorization).send({}).expect(409);
    expect(again.message).toBe('Este agente ya está publicado como API.');
  });

  it('answers an invoke with the agent’s current prompt and model, as JSON', async () => {
    const agentId = await newAgent(ana, { prompt: 'Eres un asesor fiscal muy breve.' });
    const { apiKey } = await publish(ana, agentId);
    fake.requests.length = 0;
    const { body, headers } = await invoke(agentId, apiKey.secret, { input: '¿Qué impuestos pago?', context: { pais: 'España', plan: 'pro' } }).expect(200);
    expect(body).toEqual({
      output: 'Hola, soy tu asesor.',
      agentId,
      version: 1,
      usage: { inputTokens: 21, outputTokens: 7 },
      requestId: expect.stringMatching(/^req_[0-9a-f]{32}$/),
    });
    expect(headers['ratelimit-policy']).toBe('"per-key";q=600;w=60, "per-owner";q=60;w=60');
    expect(headers.ratelimit).toMatch(/^"per-key";r=599;t=\d+, "per-owner";r=\d+;t=\d+$/);
    const sent = fake.requests[0].body;
    expect(systemPromptOf(sent)).toContain('Eres un asesor fiscal muy breve.');
    expect(systemPromptOf(sent)).toContain('{"pais":"España","plan":"pro"}');
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: '¿Qué impuestos pago?' });

    // The x-api-key header works too.
    await http().post(`/api/v1/agent/${agentId}/invoke`).set('x-api-key', apiKey.secret).send({ input: 'Hola' }).expect(200);
  });

  it('streams server-sent events when asked to', async () => {
    const agentId = await newAgent(ana);
    const { apiKey } = await publish(ana, agentId);
    const response = await invoke(agentId, apiKey.secret).set('Accept', 'text/event-stream').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = eventsOf(response.text);
    expect(events.map(([name]) => name)).toEqual(['start', 'delta', 'delta', 'done']);
    expect(events[0][1]).toEqual({ requestId: expect.any(String), agentId, version: 1 });
    expect(events[1][1]).toEqual({ text: 'Hola, ' });
    expect(events[3][1]).toEqual({ output: 'Hola, soy tu asesor.', agentId, version: 1, usage: { inputTokens: 21, outputTokens: 7 }, requestId: events[0][1].requestId });
  });

  it('answers on the pinned version, and on the current one again when set back', async () => {
    const agentId = await newAgent(ana, { prompt: 'Primera versión del asesor.' });
    const publication = await publish(ana, agentId);
    await http().post('/api/agent-prompts').set(ana.authorization).send({ agentId, prompt: 'Segunda versión del asesor.' }).expect(201);
    fake.requests.length = 0;
    expect((await invoke(agentId, publication.apiKey.secret).expect(200)).body.version).toBe(2);

    const { body: pinned } = await http().put(`/api/publication/${publication.apiId}`).set(ana.authorization).send({ pinnedVersion: 1, name: 'Asesor v1' }).expect(200);
    expect(pinned).toMatchObject({ pinnedVersion: 1, name: 'Asesor v1' });
    const { body } = await invoke(agentId, publication.apiKey.secret).expect(200);
    expect(body.version).toBe(1);
    expect(systemPromptOf(fake.requests.at(-1)!.body)).toContain('Primera versión del asesor.');

    const { body: missing } = await http().put(`/api/publication/${publication.apiId}`).set(ana.authorization).send({ pinnedVersion: 9 }).expect(400);
    expect(missing.message).toBe('El agente no tiene la versión 9 del prompt.');
    const { body: bad } = await http().put(`/api/publication/${publication.apiId}`).set(ana.authorization).send({ pinnedVersion: 'última' }).expect(400);
    expect(bad.message).toBe("pinnedVersion debe ser un número de versión (1, 2, …) o 'current'");
    await http().put(`/api/publication/${publication.apiId}`).set(ana.authorization).send({ pinnedVersion: 'current' }).expect(200);
    expect((await invoke(agentId, publication.apiKey.secret).expect(200)).body.version).toBe(2);
  });

  it('refuses calls without a valid key, with another publication’s key, to a disabled publication and with a malformed body', async () => {
    const agentId = await newAgent(ana);
    const otherAgentId = await newAgent(ana, { name: 'Otro' });
    const publication = await publish(ana, agentId);
    const other = await publish(ana, otherAgentId);

    const missing = await http().post(`/api/v1/agent/${agentId}/invoke`).send({ input: 'Hola' }).expect(401);
    expect(missing.body.message).toBe('Falta la clave de API: envíala en la cabecera «Authorization: Bearer <clave>» o «x-api-key».');
    const unknown = await invoke(agentId, `nova_sk_${'x'.repeat(43)}`).expect(401);
    expect(unknown.body.message).toBe('La clave de API no es válida o ha sido revocada.');
    // A user's session token is not a key.
    await http().post(`/api/v1/agent/${agentId}/invoke`).set(ana.authorization).send({ input: 'Hola' }).expect(401);
    const foreign = await invoke(agentId, other.apiKey.secret).expect(403);
    expect(foreign.body.message).toBe('Esta clave de API no es de la publicación de este agente.');

    for (const [body, message] of [
      [{}, 'input es obligatorio y no puede estar vacío'],
      [{ input: 42 }, 'input debe ser un texto'],
      [{ input: 'Hola', context: 'texto' }, 'context debe ser un objeto JSON'],
      [{ input: 'Hola', fileIds: 'uno' }, 'fileIds debe ser una lista de ids'],
    ] as const) {
      const { body: answer } = await invoke(agentId, publication.apiKey.secret, body).expect(400);
      expect(answer.message).toContain(message);
    }

    await http().put(`/api/publication/${publication.apiId}`).set(ana.authorization).send({ enabled: false }).expect(200);
    const disabled = await invoke(agentId, publication.apiKey.secret).expect(404);
    expect(disabled.body.message).toBe('Este agente no está publicado como API o su publicación está desactivada.');
    await http().put(`/api/publication/${publication.apiId}`).set(ana.authorization).send({ enabled: true }).expect(200);
    await invoke(agentId, publication.apiKey.secret).expect(200);
  });

  it('creates named keys with limits, lists them without secrets, and refuses a revoked key at once', async () => {
    const agentId = await newAgent(ana);
    const publication = await publish(ana, agentId);
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const { body: created } = await http()
      .post(`/api/publication/${publication.apiId}/keys`)
      .set(ana.authorization)
      .send({ name: 'Producción', rateLimitPerMinute: 5, monthlyRequestQuota: 1000, monthlyTokenQuota: 50000, expiresAt })
      .expect(201);
    expect(created).toMatchObject({ name: 'Producción', rateLimitPerMinute: 5, monthlyRequestQuota: 1000, monthlyTokenQuota: 50000, expiresAt, secret: expect.stringMatching(/^nova_sk_/) });
    await invoke(agentId, created.secret).expect(200);

    const { body: keys } = await http().get(`/api/publication/${publication.apiId}/keys`).set(ana.authorization).expect(200);
    expect(keys.map((key: { name: string }) => key.name)).toEqual(['Clave por defecto', 'Producción']);
    expect(JSON.stringify(keys)).not.toContain(created.secret.slice(8));

    const { body: empty } = await http().post(`/api/publication/${publication.apiId}/keys`).set(ana.authorization).send({ name: '  ' }).expect(400);
    expect(empty.message).toBe('El nombre de la clave es obligatorio.');
    await http().post(`/api/publication/${publication.apiId}/keys`).set(ana.authorization).send({ name: 'Vieja', expiresAt: '2020-01-01T00:00:00Z' }).expect(400);
    await http().post(`/api/publication/${publication.apiId}/keys`).set(ana.authorization).send({ name: 'Loca', rateLimitPerMinute: 0 }).expect(400);

    await http().delete(`/api/publication/${publication.apiId}/keys/${created.keyId}`).set(ana.authorization).expect(200, { success: true, keyId: created.keyId });
    const revoked = await invoke(agentId, created.secret).expect(401);
    expect(revoked.body.message).toBe('La clave de API no es válida o ha sido revocada.');
    await http().delete(`/api/publication/${publication.apiId}/keys/${created.keyId}`).set(ana.authorization).expect(404);
    // The other key still works.
    await invoke(agentId, publication.apiKey.secret).expect(200);
  });

  it('shows another user nothing: 404 on the publication, 403 or 404 on publishing an agent not theirs', async () => {
    const privateAgent = await newAgent(ana);
    const publicAgent = await newAgent(ana, { isPublic: true, name: 'Público' });
    const publication = await publish(ana, privateAgent);

    expect((await http().post(`/api/agent/${privateAgent}/publication`).set(bob.authorization).send({}).expect(404)).body.message).toBe('Agente no encontrado');
    expect((await http().post(`/api/agent/${publicAgent}/publication`).set(bob.authorization).send({}).expect(403)).body.message).toBe(
      'Solo el creador del agente o un administrador puede publicarlo como API.',
    );
    for (const path of [`/api/publication/${publication.apiId}`, `/api/publication/${publication.apiId}/keys`, `/api/publication/${publication.apiId}/usage`, `/api/publication/${publication.apiId}/openapi.json`]) {
      const { body } = await http().get(path).set(bob.authorization).expect(404);
      expect(body.message).toBe('Publicación no encontrada.');
    }
    await http().put(`/api/publication/${publication.apiId}`).set(bob.authorization).send({ enabled: false }).expect(404);
    await http().post(`/api/publication/${publication.apiId}/keys`).set(bob.authorization).send({ name: 'Mía' }).expect(404);
    await http().delete(`/api/publication/${publication.apiId}/keys/${publication.apiKey.keyId}`).set(bob.authorization).expect(404);
    await http().delete(`/api/publication/${publication.apiId}`).set(bob.authorization).expect(404);
    expect((await http().get('/api/publications').set(bob.authorization).expect(200)).body).toEqual([]);
    await http().get('/api/publications').expect(401);
    await invoke(privateAgent, publication.apiKey.secret).expect(200);

    // An admin may manage it; it stays the creator's.
    await http().get(`/api/publication/${publication.apiId}`).set(jefa.authorization).expect(200);
    const adminPublished = await publish(jefa, publicAgent);
    expect((await http().get('/api/publications').set(ana.authorization).expect(200)).body.map((p: { apiId: string }) => p.apiId)).toContain(adminPublished.apiId);
  });

  it('lets the agent read only files its owner may read', async () => {
    const agentId = await newAgent(ana);
    const { apiKey } = await publish(ana, agentId);
    const mine = (await http().post('/api/files').set(ana.authorization).attach('file', PNG, { filename: 'a.png', contentType: 'image/png' }).expect(201)).body.fileId;
    const bobs = (await http().post('/api/files').set(bob.authorization).attach('file', PNG, { filename: 'b.png', contentType: 'image/png' }).expect(201)).body.fileId;
    fake.requests.length = 0;
    await invoke(agentId, apiKey.secret, { input: 'Mira el archivo', fileIds: [mine] }).expect(200);
    expect(systemPromptOf(fake.requests[0].body)).toContain(`- ${mine}: /api/files/${mine}/content`);
    const refused = await invoke(agentId, apiKey.secret, { input: 'Mira el archivo', fileIds: [bobs] }).expect(404);
    expect(refused.body.message).toBe('Archivo no encontrado.');
  });

  it('unpublishes: the keys stop working at once', async () => {
    const agentId = await newAgent(ana);
    const publication = await publish(ana, agentId);
    await invoke(agentId, publication.apiKey.secret).expect(200);
    await http().delete(`/api/publication/${publication.apiId}`).set(ana.authorization).expect(200, { success: true, apiId: publication.apiId });
    await invoke(agentId, publication.apiKey.secret).expect(401);
    await http().get(`/api/publication/${publication.apiId}`).set(ana.authorization).expect(404);
  });

  it('serves an OpenAPI document per publication and usage per key and day', async () => {
    const agentId = await newAgent(ana, { name: 'Asesor Documentado', description: 'Responde dudas de IVA' });
    const publication = await publish(ana, agentId);
    const { body: doc } = await http().get(`/api/publication/${publication.apiId}/openapi.json`).set(ana.authorization).expect(200);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Asesor Documentado', description: 'Responde dudas de IVA' });
    expect(Object.keys(doc.paths)).toEqual([`/api/v1/agent/${agentId}/invoke`, '/api/v1/chat/completions', '/api/v1/models']);

    await invoke(agentId, publication.apiKey.secret).expect(200);
    await invoke(agentId, publication.apiKey.secret).expect(200);
    fake.set({ status: 500 });
    expect((await invoke(agentId, publication.apiKey.secret).expect(502)).body.message).toBe('El proveedor del modelo ha devuelto un error (HTTP 500).');
    // Refused before the model (a malformed body): a request and an error too.
    await invoke(agentId, publication.apiKey.secret, { input: '' }).expect(400);
    fake.set({ status: undefined });
    const { body: usage } = await http().get(`/api/publication/${publication.apiId}/usage`).set(ana.authorization).expect(200);
    expect(usage.days).toEqual([
      { date: new Date().toISOString().slice(0, 10), keyId: publication.apiKey.keyId, requests: 4, errors: 2, inputTokens: 42, outputTokens: 14, avgLatencyMs: expect.any(Number) },
    ]);
    const { body: keys } = await http().get(`/api/publication/${publication.apiId}/keys`).set(ana.authorization).expect(200);
    expect(keys[0].lastUsedAt).toEqual(expect.any(String));
    await http().get(`/api/publication/${publication.apiId}/usage?from=ayer`).set(ana.authorization).expect(400);
  });
});
