import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Response } from 'supertest';
import { ModelGateway } from '../../src/modules/models/model-gateway';
import { FakeModelGateway } from '../chat/fake-model-gateway';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, createTestAppWith, type TestApp } from '../support/test-app';
import { describeWithRedis, TEST_REDIS_URL } from '../support/services';
import { PNG } from '../support/images';

// Sign-ups hash passwords on purpose slowly; a busy machine needs more than the default 5 s.
jest.setTimeout(60_000);


/** Low limits, so that a test reaches each one in a few calls. */
const LOW_LIMITS = {
  RATE_LIMIT_AGENTS_PER_HOUR: '2',
  RATE_LIMIT_ECOSYSTEMS_PER_HOUR: '2',
  RATE_LIMIT_CONVERSATIONS_PER_HOUR: '3',
  RATE_LIMIT_MESSAGES_PER_MINUTE: '4',
  RATE_LIMIT_UPLOADS_PER_HOUR: '2',
  RATE_LIMIT_MODEL_CALLS_PER_MINUTE: '2',
};

const HOURLY_WAIT = /^Vuelve a intentarlo dentro de (60|59) minutos\.$/;
const MINUTE_WAIT = /^Vuelve a intentarlo dentro de (1 minuto|\d{1,2} segundos)\.$/;

/** A 429 with the quota's Spanish text, the wait in words, and the same wait in Retry-After. */
function expectRefused(response: Response, text: string, wait: RegExp, maxSeconds: number): void {
  expect(response.status).toBe(429);
  expect(response.body.message.startsWith(`${text} `)).toBe(true);
  expect(response.body.message.slice(text.length + 1)).toMatch(wait);
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(maxSeconds - 30);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

describe('per-user limits (429 with Retry-After and a Spanish message)', () => {
  const gateway = new FakeModelGateway();
  let testApp: TestApp;
  let ana: SignedInUser;
  let bob: SignedInUser;
  let jefa: SignedInUser;
  const http = () => request(testApp.server);

  beforeAll(async () => {
    testApp = await createTestAppWith([[ModelGateway, gateway]], { ...LOW_LIMITS, ADMIN_EMAILS: 'jefa@example.com' });
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
    bob = await signUpAndSignIn(testApp, 'bob@example.com');
    jefa = await signUpAndSignIn(testApp, 'jefa@example.com');
  });

  afterAll(() => testApp.close());

  const saveAgent = (user: SignedInUser, name: string) =>
    http()
      .post('/api/agents')
      .set(user.authorization)
      .send({ name, category: 'legal', description: 'Contratos', price: 0, prompt: 'Eres un abogado.' });
  const createEcosystem = (user: SignedInUser, name: string) =>
    http().post('/api/ecosystems').set(user.authorization).send({ name, agentIds: ['agente-legal'] });
  const createConversation = (user: SignedInUser) => http().post('/api/conversations').set(user.authorization).send({});
  const saveMessage = (user: SignedInUser, conversationId: string) =>
    http()
      .post(`/api/conversations/${conversationId}/messages`)
      .set(user.authorization)
      .send({ id: randomUUID(), role: 'user', content: 'Hola' });
  const chat = (user: SignedInUser, conversationId: string, path = '/api/bedrock/agents/chat') =>
    http().post(path).set(user.authorization).send({ conversationId, message: 'Hola' });
  const upload = (user: SignedInUser) =>
    http().post('/api/files').set(user.authorization).attach('file', PNG, { filename: 'avatar.png', contentType: 'image/png' });

  it('stops agent saves at RATE_LIMIT_AGENTS_PER_HOUR, for that user only', async () => {
    await saveAgent(ana, 'Primero').expect(201);
    await saveAgent(ana, 'Segundo').expect(201);
    const refused = await saveAgent(ana, 'Tercero');
    expectRefused(refused, 'Has guardado demasiados agentes en poco tiempo.', HOURLY_WAIT, 3600);
    const listed = await http().get('/api/agents').set(ana.authorization).expect(200);
    expect(listed.body.map((agent: { name: string }) => agent.name)).not.toContain('Tercero');

    await saveAgent(bob, 'De Bob').expect(201);
  });

  it('counts an admin like everyone else', async () => {
    await saveAgent(jefa, 'Uno').expect(201);
    await saveAgent(jefa, 'Dos').expect(201);
    expect((await saveAgent(jefa, 'Tres')).status).toBe(429);
  });

  it('stops ecosystems at RATE_LIMIT_ECOSYSTEMS_PER_HOUR, for that user only', async () => {
    await createEcosystem(ana, 'Uno').expect(201);
    await createEcosystem(ana, 'Dos').expect(201);
    expectRefused(await createEcosystem(ana, 'Tres'), 'Has creado demasiados ecosistemas en poco tiempo.', HOURLY_WAIT, 3600);
    await createEcosystem(bob, 'De Bob').expect(201);
  });

  it('stops conversations at RATE_LIMIT_CONVERSATIONS_PER_HOUR, for that user only', async () => {
    for (let i = 0; i < 3; i += 1) await createConversation(ana).expect(201);
    expectRefused(await createConversation(ana), 'Has creado demasiadas conversaciones en poco tiempo.', HOURLY_WAIT, 3600);
    const listed = await http().get('/api/conversations').set(ana.authorization).expect(200);
    expect(listed.body).toHaveLength(3);
    await createConversation(bob).expect(201);
  });

  it('stops uploads at RATE_LIMIT_UPLOADS_PER_HOUR, for that user only', async () => {
    await upload(ana).expect(201);
    await upload(ana).expect(201);
    expectRefused(await upload(ana), 'Has subido demasiados archivos en poco tiempo.', HOURLY_WAIT, 3600);
    await upload(bob).expect(201);
  });

  it('stops message saves and chat turns together at RATE_LIMIT_MESSAGES_PER_MINUTE, for that user only', async () => {
    // Ana may open no more conversations; the admin still may.
    const { body: conversation } = await createConversation(jefa).expect(201);
    const conversationId = conversation.id as string;
    for (let i = 0; i < 3; i += 1) await saveMessage(jefa, conversationId).expect(201);
    gateway.reset();
    await chat(jefa, conversationId).expect(200);

    const refusedSave = await saveMessage(jefa, conversationId);
    expectRefused(refusedSave, 'Has enviado demasiados mensajes en poco tiempo.', MINUTE_WAIT, 60);
    const refusedChat = await chat(jefa, conversationId);
    expectRefused(refusedChat, 'Has enviado demasiados mensajes en poco tiempo.', MINUTE_WAIT, 60);
    expect(gateway.requests).toHaveLength(1);
    const stored = await http().get(`/api/conversations/${conversationId}/messages`).set(jefa.authorization).expect(200);
    // Three saves, plus the chat turn's question and answer.
    expect(stored.body).toHaveLength(5);

    const { body: bobs } = await http().get('/api/conversations').set(bob.authorization).expect(200);
    await saveMessage(bob, bobs[0].id).expect(201);
  });

  it('stops model calls at RATE_LIMIT_MODEL_CALLS_PER_MINUTE across both chat routes and Seshat, for that user only', async () => {
    const carla = await signUpAndSignIn(testApp, 'carla@example.com');
    const { body: conversation } = await createConversation(carla).expect(201);
    gateway.reset();
    await chat(carla, conversation.id).expect(200);
    await chat(carla, conversation.id, '/api/bedrock/models/chat').expect(200);

    const refused = await chat(carla, conversation.id);
    expectRefused(refused, 'Has hecho demasiadas consultas al modelo en poco tiempo.', MINUTE_WAIT, 60);
    expect((await chat(carla, conversation.id, '/api/bedrock/models/chat')).status).toBe(429);
    expect(gateway.requests).toHaveLength(2);

    const seshat = (user?: SignedInUser) => {
      const call = http().post('/api/assistant/messages');
      if (user) call.set(user.authorization);
      return call.send({ sessionId: `sesion-${randomUUID()}`, message: '¿Cuáles son los planes?' });
    };
    expectRefused(await seshat(carla), 'Has hecho demasiadas consultas al modelo en poco tiempo.', MINUTE_WAIT, 60);
    // A visitor is counted by address and session, not by a user.
    await seshat().expect(200);

    const { body: bobs } = await http().get('/api/conversations').set(bob.authorization).expect(200);
    await chat(bob, bobs[0].id).expect(200);
  });

  it('documents the 429 on every limited route', async () => {
    const { body } = await http().get('/api/docs-json').expect(200);
    for (const [path, method] of [
      ['/api/agents', 'post'],
      ['/api/ecosystems', 'post'],
      ['/api/conversations', 'post'],
      ['/api/conversations/{id}/messages', 'post'],
      ['/api/files', 'post'],
      ['/api/bedrock/agents/chat', 'post'],
      ['/api/bedrock/models/chat', 'post'],
      ['/api/assistant/messages', 'post'],
    ]) {
      expect(body.paths[path][method].responses).toHaveProperty('429');
    }
  });
});

describe('per-user limits at their defaults', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });

  afterAll(() => testApp.close());

  it('are 30 agent saves, 30 ecosystems, 120 conversations and 60 uploads an hour, 20 reviews and 20 reports an hour; 60 messages and 20 model calls a minute', () => {
    expect(testApp.config.userQuotas).toEqual({
      agents: { limit: 30, ttlMs: 3_600_000 },
      ecosystems: { limit: 30, ttlMs: 3_600_000 },
      conversations: { limit: 120, ttlMs: 3_600_000 },
      messages: { limit: 60, ttlMs: 60_000 },
      uploads: { limit: 60, ttlMs: 3_600_000 },
      modelCalls: { limit: 20, ttlMs: 60_000 },
      reviews: { limit: 20, ttlMs: 3_600_000 },
      reports: { limit: 20, ttlMs: 3_600_000 },
    });
  });
});


describeWithRedis('per-user limits shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp({ REDIS_URL: TEST_REDIS_URL!, RATE_LIMIT_CONVERSATIONS_PER_HOUR: '4' });
    // The same database (and so the same signing keys and users) behind a second instance.
    const database = first.config.database;
    second = await createTestApp({
      REDIS_URL: TEST_REDIS_URL!,
      RATE_LIMIT_CONVERSATIONS_PER_HOUR: '4',
      DATA_DIR: first.config.dataDir,
      ...(database.type === 'postgres' ? { DATABASE_URL: database.url, DATABASE_SCHEMA: database.schema } : { SQLITE_PATH: database.path }),
    });
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('counts a user once across instances', async () => {
    // A fresh address every run: the counters in Redis outlive the test's database.
    const user = await signUpAndSignIn(first, `rl-${randomUUID()}@example.com`);
    const create = (app: TestApp) => request(app.server).post('/api/conversations').set(user.authorization).send({});
    await create(first).expect(201);
    await create(second).expect(201);
    await create(first).expect(201);
    await create(second).expect(201);
    const refused = await create(first);
    expectRefused(refused, 'Has creado demasiadas conversaciones en poco tiempo.', HOURLY_WAIT, 3600);
    expect((await create(second)).status).toBe(429);
  });
});
