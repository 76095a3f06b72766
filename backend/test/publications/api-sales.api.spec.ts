import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createApp } from '../../src/app.factory';
import { AuditLog } from '../../src/modules/audit/audit-log.service';
import { type OpenAiFake, openAiFakeEnv, startOpenAiFake } from '../fakes/openai-fake';
import { paymentsClient } from '../payments/support/payments-client';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { describeWithRedis, TEST_REDIS_URL } from '../support/services';
import { createTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(120_000);

const CARD_REQUIRED = 'Añade una tarjeta para usar APIs de pago.';
const CAP_REACHED = 'Has alcanzado el límite de gasto de esta clave.';
const NOT_FOR_SALE = 'La API de este agente no está disponible para otros desarrolladores.';
const thisMonth = () => new Date().toISOString().slice(0, 7);
const nextMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
};

/** A builder, a published agent of theirs, and a buyer with a saved card. */
async function sellingSetup(testApp: TestApp, prefix: string) {
  const http = () => request(testApp.server);
  const builder = await signUpAndSignIn(testApp, `${prefix}-creadora@example.com`);
  const buyer = await signUpAndSignIn(testApp, `${prefix}-compradora@example.com`);
  const agentId = (
    await http().post('/api/agents').set(builder.authorization).send({ name: 'Asesor en venta', category: 'legal', description: 'Responde por API', prompt: 'Eres breve.' }).expect(201)
  ).body.id as string;
  const publication = (await http().post(`/api/agent/${agentId}/publication`).set(builder.authorization).send({}).expect(201)).body;
  const apiId = publication.apiId as string;
  const payments = paymentsClient(testApp);
  const customerId = await payments.createCustomer(buyer);
  await payments.addCard(buyer, customerId, 'pm_card_visa').expect(201);
  return { builder, buyer, agentId, apiId, builderSecret: publication.apiKey.secret as string };
}

/**
 * Issue 36, items 1 and 2: a builder prices their published agent's API and makes it available;
 * another developer with a saved card buys keys of their own, with a monthly spending cap, and
 * calls the agent; the builder sees each buyer's use and revenue, never their keys.
 */
describe('selling a published agent’s API to other developers', () => {
  let fake: OpenAiFake;
  let testApp: TestApp;
  let builder: SignedInUser;
  let buyer: SignedInUser;
  let stranger: SignedInUser;
  let agentId: string;
  let apiId: string;
  let builderSecret: string;
  const http = () => request(testApp.server);
  const invoke = (secret: string) => http().post(`/api/v1/agent/${agentId}/invoke`).set('Authorization', `Bearer ${secret}`).send({ input: 'Hola' });
  const createKey = (user: SignedInUser, body: object) => http().post('/api/me/api-keys').set(user.authorization).send(body);
  const prices = { per1000Calls: 100_000, perMillionInputTokens: 1_000_000, perMillionOutputTokens: 2_000_000 };

  beforeAll(async () => {
    // 100 cents a call, a cent a token in and two a token out: 10 in and 5 out, 20 cents more.
    fake = await startOpenAiFake({ reply: ['Vale.'], usage: { prompt_tokens: 10, completion_tokens: 5 } });
    testApp = await createTestApp(openAiFakeEnv(fake, { RATE_LIMIT_AGENTS_PER_HOUR: '1000' }));
    ({ builder, buyer, agentId, apiId, builderSecret } = await sellingSetup(testApp, 'venta'));
    stranger = await signUpAndSignIn(testApp, 'venta-otra@example.com');
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  it('lets only the agent’s creator price its API, shows the prices to anyone once available, and keeps a change for the next month', async () => {
    await http().get(`/api/publication/${apiId}/pricing`).expect(404);
    await http().put(`/api/publication/${apiId}/pricing`).set(stranger.authorization).send({ available: true, ...prices }).expect(404);
    const negative = await http().put(`/api/publication/${apiId}/pricing`).set(builder.authorization).send({ available: true, ...prices, per1000Calls: -1 }).expect(400);
    expect(JSON.stringify(negative.body)).toContain('per1000Calls no puede ser negativo.');
    const missing = await http().put(`/api/publication/${apiId}/pricing`).set(builder.authorization).send({ available: true }).expect(400);
    expect(JSON.stringify(missing.body)).toContain('perMillionInputTokens es obligatorio.');

    const first = await http().put(`/api/publication/${apiId}/pricing`).set(builder.authorization).send({ available: true, ...prices }).expect(200);
    expect(first.body).toMatchObject({ apiId, agentId, available: true, currency: testApp.config.payments.currency, ...prices, next: null });
    // Anyone (a visitor too), by the publication's id or its agent's.
    await http().get(`/api/publication/${apiId}/pricing`).expect(200);
    expect((await http().get(`/api/publication/${agentId}/pricing`).expect(200)).body).toMatchObject({ available: true, ...prices });

    const changed = await http().put(`/api/publication/${apiId}/pricing`).set(builder.authorization).send({ available: true, ...prices, per1000Calls: 200_000 }).expect(200);
    expect(changed.body).toMatchObject({ ...prices, next: { from: nextMonth(), ...prices, per1000Calls: 200_000 } });
    // Back to this month's prices: nothing changes next month either.
    const back = await http().put(`/api/publication/${apiId}/pricing`).set(builder.authorization).send({ available: true, ...prices }).expect(200);
    expect(back.body.next).toMatchObject({ from: nextMonth(), ...prices });
    // Every change is in the audit log, before and after.
    const audited = await testApp.app.get(AuditLog).latest('publication.pricing', `agent:${agentId}`);
    expect(audited).toMatchObject({ actorSub: expect.any(String), before: { next: { per1000Calls: 200_000 } }, after: { next: { per1000Calls: 100_000 } } });
  });

  it('refuses a key to a buyer without a saved card (402) and to an agent whose API is not for sale (404)', async () => {
    const refused = await createKey(stranger, { agentId, name: 'Sin tarjeta' }).expect(402);
    expect(refused.body.message).toBe(CARD_REQUIRED);
    const unsold = (await http().post('/api/agents').set(builder.authorization).send({ name: 'No se vende', category: 'legal', description: 'Privado', prompt: 'Eres breve.' }).expect(201)).body.id;
    await http().post(`/api/agent/${unsold}/publication`).set(builder.authorization).send({}).expect(201);
    expect((await createKey(buyer, { agentId: unsold, name: 'K' }).expect(404)).body.message).toBe(NOT_FOR_SALE);
    expect(JSON.stringify((await createKey(buyer, { agentId, name: 'K', monthlySpendCap: -5 }).expect(400)).body)).toContain('monthlySpendCap no puede ser negativo.');
  });

  it('refuses a key for a seventh agent at once (409): a month is billed as one Stripe subscription of at most 20 prices, three per agent', async () => {
    const collector = await signUpAndSignIn(testApp, 'venta-coleccionista@example.com');
    const payments = paymentsClient(testApp);
    await payments.addCard(collector, await payments.createCustomer(collector), 'pm_card_visa').expect(201);
    const agents: string[] = [];
    for (let index = 1; index <= 7; index += 1) {
      const id = (await http().post('/api/agents').set(builder.authorization).send({ name: `En venta ${index}`, category: 'legal', description: 'Se vende', prompt: 'Eres breve.' }).expect(201)).body.id as string;
      await http().post(`/api/agent/${id}/publication`).set(builder.authorization).send({}).expect(201);
      await http().put(`/api/publication/${id}/pricing`).set(builder.authorization).send({ available: true, ...prices }).expect(200);
      agents.push(id);
    }
    for (const id of agents.slice(0, 6)) await createKey(collector, { agentId: id, name: `Clave ${id.slice(0, 4)}` }).expect(201);
    const refused = await createKey(collector, { agentId: agents[6], name: 'Una de más' }).expect(409);
    expect(refused.body).toMatchObject({ code: 'TooManyBoughtAgents', message: 'Puedes tener claves de API de pago para 6 agentes a la vez como máximo. Borra las claves de uno que ya no uses para añadir otro.' });
    // Another key for an agent already bought is fine; once one agent's keys are gone, the seventh may come in.
    const again = (await createKey(collector, { agentId: agents[0], name: 'Otra del primero' }).expect(201)).body;
    const firstKeys = (await http().get('/api/me/api-keys').set(collector.authorization).expect(200)).body.filter((key: { agentId: string }) => key.agentId === agents[0]);
    expect(firstKeys.map((key: { keyId: string }) => key.keyId)).toContain(again.keyId);
    for (const key of firstKeys) await http().delete(`/api/me/api-keys/${key.keyId}`).set(collector.authorization).expect(200);
    await createKey(collector, { agentId: agents[6], name: 'Ahora sí' }).expect(201);
  });

  it('gives the buyer a key of their own, shown once, that calls the agent and counts its spend', async () => {
    const created = await createKey(buyer, { agentId, name: 'Producción' }).expect(201);
    expect(created.body).toMatchObject({ agentId, name: 'Producción', monthlySpendCap: null, spentThisMonth: 0 });
    expect(created.body.secret).toMatch(/^nova_sk_/);
    // The builder never sees it among the publication's keys.
    const builderKeys = (await http().get(`/api/publication/${apiId}/keys`).set(builder.authorization).expect(200)).body as { keyId: string }[];
    expect(builderKeys.map((key) => key.keyId)).not.toContain(created.body.keyId);

    expect((await invoke(created.body.secret).expect(200)).body.output).toBe('Vale.');
    await http()
      .post('/api/v1/chat/completions')
      .set('Authorization', `Bearer ${created.body.secret}`)
      .send({ model: agentId, messages: [{ role: 'user', content: 'Hola' }] })
      .expect(200);

    const listed = (await http().get('/api/me/api-keys').set(buyer.authorization).expect(200)).body as { keyId: string; spentThisMonth: number; secret?: string }[];
    const mine = listed.find((key) => key.keyId === created.body.keyId);
    // Two calls: 200 cents, and 20 tokens in and 10 out, 40 more.
    expect(mine?.spentThisMonth).toBe(240);
    expect(mine?.secret).toBeUndefined();
    const usage = (await http().get('/api/me/api-usage').set(buyer.authorization).expect(200)).body;
    expect(usage.days).toEqual([expect.objectContaining({ keyId: created.body.keyId, agentId, requests: 2, errors: 0, inputTokens: 20, outputTokens: 10, spend: 240 })]);
    expect((await http().get('/api/me/api-usage?from=2026-13-01').set(buyer.authorization).expect(400)).body.message).toBeDefined();
    expect((await http().get('/api/me/api-keys').set(stranger.authorization).expect(200)).body).toEqual([]);
  });

  it('refuses with 402 a call that would pass the key’s monthly cap', async () => {
    const capped = (await createKey(buyer, { agentId, name: 'Con límite', monthlySpendCap: 150 }).expect(201)).body;
    await invoke(capped.secret).expect(200);
    const refused = await invoke(capped.secret).expect(402);
    expect(refused.body.message).toBe(CAP_REACHED);
    // The OpenAI-compatible route says it as OpenAI's clients read it.
    const completion = await http()
      .post('/api/v1/chat/completions')
      .set('Authorization', `Bearer ${capped.secret}`)
      .send({ model: agentId, messages: [{ role: 'user', content: 'Hola' }] })
      .expect(402);
    expect(completion.body.error.message).toBe(CAP_REACHED);
    const zero = (await createKey(buyer, { agentId, name: 'Cero', monthlySpendCap: 0 }).expect(201)).body;
    expect((await invoke(zero.secret).expect(402)).body.message).toBe(CAP_REACHED);
  });

  it('shows the creator each buyer’s use and revenue, never their keys, and nobody else', async () => {
    const month = thisMonth();
    const { body } = await http().get(`/api/publication/${apiId}/buyers?month=${month}`).set(builder.authorization).expect(200);
    expect(body.month).toBe(month);
    expect(body.buyers).toHaveLength(1);
    const [row] = body.buyers;
    expect(row).toMatchObject({ requests: 3, inputTokens: 30, outputTokens: 15 });
    // The buyer by their public name, never their e-mail.
    const { handle } = (await http().get(`/api/users/registration/${buyer.sub}`).set(buyer.authorization).expect(200)).body;
    expect(row.username).toBe(handle);
    expect(JSON.stringify(body)).not.toContain(buyer.email);
    // The calls refused at the cap are neither counted nor charged.
    expect(row.revenue).toBe(360);
    expect(row.creatorShare).toBeCloseTo((360 * (100 - testApp.config.payments.platformFeePercent)) / 100, 2);
    expect(JSON.stringify(body)).not.toMatch(/nova_sk_|keyId|prefix/);
    // Nor among the usage of the creator's own keys.
    expect((await http().get(`/api/publication/${apiId}/usage`).set(builder.authorization).expect(200)).body.days).toEqual([]);
    await http().get(`/api/publication/${apiId}/buyers`).set(buyer.authorization).expect(404);
    await http().get(`/api/publication/${apiId}/buyers?month=2026-13`).set(builder.authorization).expect(400);
  });

  it('keeps a buyer’s A2A tasks theirs: the creator’s own key does not find them', async () => {
    const key = (await createKey(buyer, { agentId, name: 'A2A' }).expect(201)).body;
    const rpc = (secret: string, method: string, params: object) =>
      http().post(`/api/a2a/${agentId}`).set('Authorization', `Bearer ${secret}`).send({ jsonrpc: '2.0', id: 1, method, params });
    const sent = await rpc(key.secret, 'message/send', { message: { kind: 'message', messageId: 'm-1', role: 'user', parts: [{ kind: 'text', text: 'Hola' }] } }).expect(200);
    const taskId = sent.body.result.id as string;
    expect((await rpc(key.secret, 'tasks/get', { id: taskId }).expect(200)).body.result.id).toBe(taskId);
    expect((await rpc(builderSecret, 'tasks/get', { id: taskId }).expect(200)).body.error).toBeDefined();
  });

  it('lets only the owner delete a key (another user’s key id is 404), after which it stops at once', async () => {
    const key = (await createKey(buyer, { agentId, name: 'Para borrar' }).expect(201)).body;
    expect((await http().delete(`/api/me/api-keys/${key.keyId}`).set(stranger.authorization).expect(404)).body.message).toBe('Clave de API no encontrada.');
    await http().delete(`/api/publication/${apiId}/keys/${key.keyId}`).set(builder.authorization).expect(404);
    await invoke(key.secret).expect(200);
    await http().delete(`/api/me/api-keys/${key.keyId}`).set(buyer.authorization).expect(200);
    await invoke(key.secret).expect(401);
    expect(((await http().get('/api/me/api-keys').set(buyer.authorization).expect(200)).body as { keyId: string }[]).map((row) => row.keyId)).not.toContain(key.keyId);
  });

  it('stops the buyers’ keys while the API is not available, and its prices are no longer public', async () => {
    const key = (await createKey(buyer, { agentId, name: 'Pausa' }).expect(201)).body;
    await http().put(`/api/publication/${apiId}/pricing`).set(builder.authorization).send({ available: false, ...prices }).expect(200);
    expect((await invoke(key.secret).expect(404)).body.message).toBe(NOT_FOR_SALE);
    await http().get(`/api/publication/${apiId}/pricing`).set(stranger.authorization).expect(404);
    // Its creator still sees them.
    await http().get(`/api/publication/${apiId}/pricing`).set(builder.authorization).expect(200);
    await http().put(`/api/publication/${apiId}/pricing`).set(builder.authorization).send({ available: true, ...prices }).expect(200);
    await invoke(key.secret).expect(200);
  });
});

/** The cap is one count for every instance: with Redis, spend on one instance stops the key on the other. */
describeWithRedis('a buyer’s spending cap on two instances sharing Redis', () => {
  let fake: OpenAiFake;
  let first: TestApp;
  let second: NestExpressApplication;

  beforeAll(async () => {
    fake = await startOpenAiFake({ reply: ['Vale.'], usage: { prompt_tokens: 1, completion_tokens: 1 } });
    first = await createTestApp(openAiFakeEnv(fake, { REDIS_URL: TEST_REDIS_URL!, RATE_LIMIT_AGENTS_PER_HOUR: '1000' }));
    second = await createApp(first.config);
    await second.init();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await fake.close();
  });

  it('refuses on the second instance a key whose cap was reached through the first', async () => {
    const { builder, buyer, agentId, apiId } = await sellingSetup(first, 'redis');
    await request(first.server).put(`/api/publication/${apiId}/pricing`).set(builder.authorization).send({ available: true, per1000Calls: 100_000, perMillionInputTokens: 0, perMillionOutputTokens: 0 }).expect(200);
    const key = (await request(first.server).post('/api/me/api-keys').set(buyer.authorization).send({ agentId, name: 'K', monthlySpendCap: 200 }).expect(201)).body;
    const invokeOn = (server: unknown) => request(server as TestApp['server']).post(`/api/v1/agent/${agentId}/invoke`).set('x-api-key', key.secret).send({ input: 'Hola' });
    // The second instance reads the spend first (seeding the shared count), then calls go through the first.
    await invokeOn(second.getHttpServer()).expect(200);
    await invokeOn(first.server).expect(200);
    // Long before the usage batch is written (USAGE_FLUSH_MS), the shared count already says 200.
    const deadline = Date.now() + 1_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) status = (await invokeOn(second.getHttpServer())).status;
    expect(status).toBe(402);
  });
});
