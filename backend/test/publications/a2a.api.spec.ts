import { type AgentCard, ListTasksRequest, SendMessageRequest, type Task, TaskState } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createApp } from '../../src/app.factory';
import { type OpenAiFake, openAiFakeEnv, startOpenAiFake } from '../fakes/openai-fake';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { describeWithRedis, TEST_REDIS_URL } from '../support/services';
import { createTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(90_000);

const FIRST_PORT = 3741;
const SECOND_PORT = 3742;

/**
 * Published agents as A2A servers (issue 36), driven by the official SDK's client against two
 * instances of the application on one database, listening on real ports: the Agent Card, message
 * send and stream, tasks read and cancelled on either instance, and the key's refusals.
 */
describe('a published agent spoken to over A2A with the official SDK client', () => {
  let fake: OpenAiFake;
  let first: TestApp;
  let second: NestExpressApplication;
  let ana: SignedInUser;
  let bob: SignedInUser;
  let agentId: string;
  let secret: string;
  let bobSecret: string;
  let unpublishedId: string;
  const base = `http://127.0.0.1:${FIRST_PORT}`;
  const endpoint = (id: string, at = base) => `${at}/api/a2a/${id}`;

  beforeAll(async () => {
    fake = await startOpenAiFake({ reply: ['Buenos ', 'días.'], usage: { prompt_tokens: 30, completion_tokens: 4 } });
    first = await createTestApp(openAiFakeEnv(fake, { RATE_LIMIT_AGENTS_PER_HOUR: '1000', PUBLIC_URL: base }));
    await first.app.listen(FIRST_PORT, '127.0.0.1');
    // The same configuration: the same database (file or schema).
    second = await createApp(first.config);
    await second.listen(SECOND_PORT, '127.0.0.1');
    ana = await signUpAndSignIn(first, 'ana@example.com');
    bob = await signUpAndSignIn(first, 'bob@example.com');
    const agent = async (owner: SignedInUser, name: string, extra: object = {}) =>
      (
        await request(first.server)
          .post('/api/agents')
          .set(owner.authorization)
          .send({ name, category: 'legal', description: `${name}: contratos y alquileres`, isPublic: false, prompt: `Eres ${name}.`, ...extra })
          .expect(201)
      ).body.id as string;
    const publish = async (owner: SignedInUser, id: string) =>
      (await request(first.server).post(`/api/agent/${id}/publication`).set(owner.authorization).send({}).expect(201)).body.apiKey.secret as string;
    agentId = await agent(ana, 'Abogada Laboral', { skills: ['Contratos laborales', 'Despidos'], conversationStarters: ['¿Puedo romper mi contrato?'] });
    secret = await publish(ana, agentId);
    unpublishedId = await agent(ana, 'Borrador');
    bobSecret = await publish(bob, await agent(bob, 'Agente de Bob'));
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await fake.close();
  });

  const withKey =
    (key: string): typeof fetch =>
    (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('Authorization', `Bearer ${key}`);
      return fetch(input, { ...init, headers });
    };
  const factory = (key = secret) => new ClientFactory(ClientFactoryOptions.createFrom(ClientFactoryOptions.default, { transports: [new JsonRpcTransportFactory({ fetchImpl: withKey(key) })] }));
  const clientOf = (key = secret, id = agentId) => factory(key).createFromUrl(`${endpoint(id)}/`);
  const message = (text: string) => SendMessageRequest.fromJSON({ message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text }] } });
  const textOf = (task: Task) => task.artifacts.flatMap((artifact) => artifact.parts.map((part) => (part.content?.$case === 'text' ? part.content.value : ''))).join('');
  const asTask = (result: unknown) => {
    expect(result).toHaveProperty('status');
    return result as Task;
  };

  it('serves the Agent Card without a key: the agent, its skills, its endpoint and the key as a bearer token', async () => {
    const legacy = (await request(first.server).get(`/api/a2a/${agentId}/.well-known/agent-card.json`).expect(200)).body;
    expect(legacy).toMatchObject({
      name: 'Abogada Laboral',
      description: 'Abogada Laboral: contratos y alquileres',
      url: endpoint(agentId),
      preferredTransport: 'JSONRPC',
      capabilities: { streaming: true, pushNotifications: false },
      securitySchemes: { apiKey: { type: 'http', scheme: 'Bearer' } },
      security: [{ apiKey: [] }],
    });
    expect(legacy.skills).toEqual([
      expect.objectContaining({ name: 'Contratos laborales', examples: ['¿Puedo romper mi contrato?'] }),
      expect.objectContaining({ name: 'Despidos' }),
    ]);

    const card: AgentCard = await (await clientOf()).getAgentCard();
    expect(card.supportedInterfaces[0]).toMatchObject({ url: endpoint(agentId), protocolBinding: 'JSONRPC', protocolVersion: '1.0' });
    const current = (await request(first.server).get(`/api/a2a/${agentId}/.well-known/agent-card.json`).set('A2A-Version', '1.0').expect(200)).body;
    expect(current).toMatchObject({ name: 'Abogada Laboral', supportedInterfaces: card.supportedInterfaces, securitySchemes: { apiKey: { scheme: { value: { scheme: 'Bearer' } } } } });
  });

  it('answers message/send with a completed task whose artifact is the answer, as invoke answers', async () => {
    fake.requests.length = 0;
    const task = asTask(await (await clientOf()).sendMessage(message('¿Puedo romper mi contrato?')));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(textOf(task)).toBe('Buenos días.');
    expect(task.artifacts[0]).toMatchObject({ name: 'respuesta', metadata: { agentId, version: 1, usage: { inputTokens: 30, outputTokens: 4 } } });
    expect(task.history[0].parts[0].content).toEqual({ $case: 'text', value: '¿Puedo romper mi contrato?' });
    const sent = fake.requests[0].body;
    expect(sent.messages[0].content).toBe('Eres Abogada Laboral.');
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: '¿Puedo romper mi contrato?' });
  });

  it('streams message/stream as the task, its states and the answer in chunks', async () => {
    const events = [];
    for await (const event of (await clientOf()).sendMessageStream(message('Hola'))) events.push(event.payload);
    expect(events[0]?.$case).toBe('task');
    const states = events.flatMap((event) => (event?.$case === 'statusUpdate' ? [event.value.status?.state] : []));
    expect(states).toEqual([TaskState.TASK_STATE_WORKING, TaskState.TASK_STATE_COMPLETED]);
    const chunks = events.flatMap((event) => (event?.$case === 'artifactUpdate' ? [event.value] : []));
    expect(chunks.map((chunk) => (chunk.artifact?.parts[0].content?.$case === 'text' ? chunk.artifact.parts[0].content.value : '')).join('')).toBe('Buenos días.');
    expect(chunks.at(-1)).toMatchObject({ lastChunk: true, artifact: { metadata: { usage: { inputTokens: 30, outputTokens: 4 } } } });
  });

  it('reads a task on another instance (tasks/get), as the database keeps it', async () => {
    const task = asTask(await (await clientOf()).sendMessage(message('Hola')));
    const card = await (await clientOf()).getAgentCard();
    const onSecond = await factory().createFromAgentCard({ ...card, supportedInterfaces: card.supportedInterfaces.map((entry) => ({ ...entry, url: endpoint(agentId, `http://127.0.0.1:${SECOND_PORT}`) })) });
    const read = await onSecond.getTask({ tenant: '', id: task.id, historyLength: undefined });
    expect(read).toMatchObject({ id: task.id, status: { state: TaskState.TASK_STATE_COMPLETED } });
    expect(textOf(read)).toBe('Buenos días.');
    const listed = await onSecond.listTasks(ListTasksRequest.fromJSON({ includeArtifacts: true }));
    expect(listed.tasks.map((entry) => entry.id)).toContain(task.id);
    // Another owner's key does not find it.
    const foreign = await (await factory(bobSecret).createFromAgentCard(card)).getTask({ tenant: '', id: task.id, historyLength: undefined }).catch((error: unknown) => error);
    expect(foreign).toMatchObject({ message: 'Esta clave de API no es de la publicación de este agente.', data: { statusCode: 403 } });
  });

  it('cancels a task while the model answers (tasks/cancel), and refuses to cancel a finished one', async () => {
    fake.set({ reply: ['Uno ', 'dos ', 'tres ', 'cuatro ', 'cinco.'], delayMs: 300 });
    try {
      const client = await clientOf();
      const stream = client.sendMessageStream(message('Cuenta despacio'));
      const first = await stream.next();
      expect(first.value?.payload?.$case).toBe('task');
      const taskId = (first.value?.payload?.value as Task).id;
      const canceled = await (await clientOf()).cancelTask({ tenant: '', id: taskId, metadata: undefined });
      expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
      for await (const _event of stream);
      expect((await client.getTask({ tenant: '', id: taskId, historyLength: undefined })).status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    } finally {
      fake.set({ reply: ['Buenos ', 'días.'], delayMs: 0 });
    }
    const done = asTask(await (await clientOf()).sendMessage(message('Hola')));
    const refused = await (await clientOf()).cancelTask({ tenant: '', id: done.id, metadata: undefined }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ name: 'TaskNotCancelableError' });
    const missing = await (await clientOf()).getTask({ tenant: '', id: crypto.randomUUID(), historyLength: undefined }).catch((error: unknown) => error);
    expect(missing).toMatchObject({ name: 'TaskNotFoundError' });
  });

  it('speaks A2A 0.3 too: message/send and tasks/get by those names', async () => {
    const sent = await request(first.server)
      .post(`/api/a2a/${agentId}`)
      .set('Authorization', `Bearer ${secret}`)
      .send({ jsonrpc: '2.0', id: 1, method: 'message/send', params: { message: { kind: 'message', role: 'user', messageId: 'm-1', parts: [{ kind: 'text', text: 'Hola' }] } } })
      .expect(200);
    expect(sent.body.result).toMatchObject({ kind: 'task', status: { state: 'completed' }, artifacts: [{ name: 'respuesta', parts: [{ kind: 'text', text: 'Buenos días.' }] }] });
    const read = await request(first.server)
      .post(`/api/a2a/${agentId}`)
      .set('Authorization', `Bearer ${secret}`)
      .send({ jsonrpc: '2.0', id: 2, method: 'tasks/get', params: { id: sent.body.result.id } })
      .expect(200);
    expect(read.body.result).toMatchObject({ id: sent.body.result.id, status: { state: 'completed' } });
    const unknown = await request(first.server).post(`/api/a2a/${agentId}`).set('Authorization', `Bearer ${secret}`).send({ jsonrpc: '2.0', id: 3, method: 'tasks/borrar', params: {} }).expect(200);
    expect(unknown.body).toMatchObject({ id: 3, error: { code: -32601 } });
    const notJson = await request(first.server).post(`/api/a2a/${agentId}`).set('Authorization', `Bearer ${secret}`).set('Content-Type', 'application/json').send('{"jsonrpc":').expect(400);
    expect(notJson.body.message).toBe('El cuerpo de la solicitud no es JSON válido.');
  });

  it('ends the task as failed, in our words, when the model fails', async () => {
    fake.set({ status: 500 });
    try {
      const task = asTask(await (await clientOf()).sendMessage(message('Hola')));
      expect(task.status?.state).toBe(TaskState.TASK_STATE_FAILED);
      expect(task.status?.message?.parts[0].content).toEqual({ $case: 'text', value: expect.stringMatching(/^El proveedor del modelo/) });
    } finally {
      fake.set({ status: undefined });
    }
  });

  it('holds a message to the key’s limits as invoke (a monthly quota of one call), but not reading a task', async () => {
    const apiId = (await request(first.server).get('/api/publications').set(ana.authorization).expect(200)).body.find((publication: { agentId: string }) => publication.agentId === agentId).apiId;
    const limited = (await request(first.server).post(`/api/publication/${apiId}/keys`).set(ana.authorization).send({ name: 'Una al mes', monthlyRequestQuota: 1 }).expect(201)).body.secret as string;
    const client = await clientOf(limited);
    const task = asTask(await client.sendMessage(message('Hola')));
    const refused = await client.sendMessage(message('Otra')).catch((error: unknown) => error);
    expect(refused).toMatchObject({ message: 'Esta clave de API ha agotado su cuota mensual de 1 peticiones.', data: { statusCode: 429, code: 'QuotaExceeded' } });
    expect((await client.getTask({ tenant: '', id: task.id, historyLength: undefined })).id).toBe(task.id);
  });

  it('refuses a bad key with 401 and a key of another publication with 403, as JSON-RPC errors in Spanish', async () => {
    const card = await (await clientOf()).getAgentCard();
    const badKey = await (await factory(`nova_sk_${'z'.repeat(43)}`).createFromAgentCard(card)).sendMessage(message('Hola')).catch((error: unknown) => error);
    expect(badKey).toMatchObject({ name: 'JsonRpcTransportError', message: 'La clave de API no es válida o ha sido revocada.', data: { statusCode: 401 } });
    const noKey = await request(first.server).post(`/api/a2a/${agentId}`).send({ jsonrpc: '2.0', id: 7, method: 'tasks/get', params: { id: 'x' } }).expect(401);
    expect(noKey.body).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32000, message: expect.stringContaining('Falta la clave de API'), data: { statusCode: 401 } } });

    // Bob's key, on Ana's agent that is not published: refused, and its card does not exist.
    const foreign = await request(first.server).post(`/api/a2a/${unpublishedId}`).set('Authorization', `Bearer ${bobSecret}`).send({ jsonrpc: '2.0', id: 8, method: 'message/send', params: {} }).expect(403);
    expect(foreign.body.error.message).toBe('Esta clave de API no es de la publicación de este agente.');
    const noCard = await request(first.server).get(`/api/a2a/${unpublishedId}/.well-known/agent-card.json`).expect(404);
    expect(noCard.body.message).toBe('Este agente no está publicado como API o su publicación está desactivada.');
    await request(first.server).get(`/api/a2a/${crypto.randomUUID()}/.well-known/agent-card.json`).expect(404);
  });
});

/**
 * With Redis, the instance that runs a task hears of its cancellation on another instance at once:
 * its model call stops and its stream ends as cancelled. Skipped where no Redis runs.
 */
describeWithRedis('an A2A task cancelled on another instance than the one running it', () => {
  const port = 3743;
  let fake: OpenAiFake;
  let first: TestApp;
  let second: NestExpressApplication;

  beforeAll(async () => {
    fake = await startOpenAiFake({ reply: ['Uno ', 'dos ', 'tres ', 'cuatro ', 'cinco ', 'seis.'], delayMs: 300 });
    first = await createTestApp(openAiFakeEnv(fake, { REDIS_URL: TEST_REDIS_URL!, RATE_LIMIT_AGENTS_PER_HOUR: '1000', PUBLIC_URL: `http://127.0.0.1:${port}` }));
    await first.app.listen(port, '127.0.0.1');
    second = await createApp(first.config);
    await second.init();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await fake.close();
  });

  it('stops the model and ends the stream as cancelled', async () => {
    const ana = await signUpAndSignIn(first, 'ana@example.com');
    const agentId = (await request(first.server).post('/api/agents').set(ana.authorization).send({ name: 'Lenta', category: 'legal', description: 'Cuenta despacio', prompt: 'Eres lenta.' }).expect(201)).body.id;
    const secret = (await request(first.server).post(`/api/agent/${agentId}/publication`).set(ana.authorization).send({}).expect(201)).body.apiKey.secret;
    const factory = new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
        transports: [new JsonRpcTransportFactory({ fetchImpl: (input, init) => fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), Authorization: `Bearer ${secret}` } }) })],
      }),
    );
    const client = await factory.createFromUrl(`http://127.0.0.1:${port}/api/a2a/${agentId}/`);
    const stream = client.sendMessageStream(SendMessageRequest.fromJSON({ message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text: 'Cuenta' }] } }));
    const taskId = ((await stream.next()).value?.payload?.value as Task).id;
    const canceled = await request(second.getHttpServer())
      .post(`/api/a2a/${agentId}`)
      .set('Authorization', `Bearer ${secret}`)
      .send({ jsonrpc: '2.0', id: 1, method: 'tasks/cancel', params: { id: taskId } })
      .expect(200);
    expect(canceled.body.result.status.state).toBe('canceled');
    const states = [];
    for await (const event of stream) if (event.payload?.$case === 'statusUpdate') states.push(event.payload.value.status?.state);
    expect(states.at(-1)).toBe(TaskState.TASK_STATE_CANCELED);
    expect(states).not.toContain(TaskState.TASK_STATE_COMPLETED);
  });
});
