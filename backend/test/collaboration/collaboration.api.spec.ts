import request from 'supertest';
import { DataSource, Repository } from 'typeorm';
import { ConversationsService } from '../../src/modules/conversations/conversations.service';
import { ModelGateway } from '../../src/modules/models/model-gateway';
import { Subscription } from '../../src/modules/subscriptions/entities/subscription.entity';
import { FakeModelGateway } from '../chat/fake-model-gateway';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { subscriptionRow } from '../support/subscriptions';
import { createTestAppWith, type TestApp } from '../support/test-app';
import { finished, parseEvents, teamAgent, teamScript, until, waitForAbort } from './collaboration-support';

jest.setTimeout(60_000);

describe('collaboration sessions (issue 16)', () => {
  const gateway = new FakeModelGateway();
  let testApp: TestApp;
  let creator: SignedInUser;
  let user: SignedInUser;
  let other: SignedInUser;
  let admin: SignedInUser;
  let legal: string;
  let finance: string;
  let marketing: string;
  let paid: string;
  const http = () => request(testApp.server);
  const QUERY = '¿Qué contrato y qué presupuesto necesito para lanzar una campaña?';

  beforeAll(async () => {
    testApp = await createTestAppWith([[ModelGateway, gateway]], { ADMIN_EMAILS: 'jefa@example.com', RATE_LIMIT_MODEL_CALLS_PER_MINUTE: '200' });
    creator = await signUpAndSignIn(testApp, 'creadora@example.com');
    user = await signUpAndSignIn(testApp, 'usuaria@example.com');
    other = await signUpAndSignIn(testApp, 'otro@example.com');
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    legal = await teamAgent(testApp, creator, 'Abogada', 'legal', 4.2);
    finance = await teamAgent(testApp, creator, 'Asesor Fiscal', 'finance', 4.9);
    marketing = await teamAgent(testApp, creator, 'Publicista', 'marketing', 3.8);
    paid = await teamAgent(testApp, creator, 'Consultor Premium', 'finance', 5, 19.99);
  });

  afterAll(() => testApp.close());

  beforeEach(() => {
    gateway.reset();
    gateway.script = teamScript();
  });

  const start = (who: SignedInUser, body: object) => http().post('/api/collaboration/sessions').set(who.authorization).send(body);

  it('three agents answer together: the best rated coordinates, each answers on its own prompt, the synthesis is the final response', async () => {
    const created = await start(user, { agentIds: [legal, finance, marketing], query: QUERY }).expect(201);
    expect(created.body).toMatchObject({ status: 'processing', query: QUERY, finalResponse: null, replayOf: null });
    expect(created.body.agents.map((agent: { id: string }) => agent.id)).toEqual([legal, finance, marketing]);

    const session = await finished(testApp, user, created.body.id);
    expect(session.status).toBe('completed');
    expect(session.coordinator).toMatchObject({ id: finance, name: 'Asesor Fiscal' });
    expect(session.finalResponse).toBe('Respuesta conjunta del equipo');
    expect(Object.keys(session.responses).sort()).toEqual([legal, finance, marketing].sort());
    expect(session.responses[legal]).toMatchObject({ status: 'completed', content: 'Aporte de Eres Abogada.' });
    expect(session.taskAssignments).toHaveLength(3);
    expect(session.usage[legal]).toEqual({ inputTokens: 30, outputTokens: 10, calls: 1 });
    expect(session.endTime).not.toBeNull();
    expect(session.deliberationLog.map((entry: { type: string }) => entry.type)).toEqual(
      expect.arrayContaining(['started', 'topic', 'coordinator', 'assignment', 'agent-response', 'synthesis', 'completed']),
    );
    // Priorities for the topic: 1 base, +2 on topic, +0.5 per rating point above 4.
    expect(session.agents.find((agent: { id: string }) => agent.id === finance).priority).toBeGreaterThanOrEqual(1);

    const { body: list } = await http().get('/api/collaboration/sessions').set(user.authorization).expect(200);
    expect(list.map((item: { id: string }) => item.id)).toContain(created.body.id);
    const { body: othersList } = await http().get('/api/collaboration/sessions').set(other.authorization).expect(200);
    expect(othersList.map((item: { id: string }) => item.id)).not.toContain(created.body.id);
  });

  it('streams every step as Server-Sent Events, then ends; a finished session replays its log', async () => {
    gateway.script = teamScript(async function* (request) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      yield { type: 'delta', text: `Aporte de ${request.systemPrompt}` };
      yield { type: 'done' };
    });
    const { body: created } = await start(user, { agentIds: [legal, finance], query: QUERY }).expect(201);
    const live = await http().get(`/api/collaboration/sessions/${created.id}/events`).set(user.authorization).buffer(true).parse((res, done) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => done(null, text));
    });
    expect(live.status).toBe(200);
    expect(live.headers['content-type']).toContain('text/event-stream');
    const events = parseEvents(live.body as string);
    expect(events[0].event).toBe('session');
    expect(events.at(-1)).toMatchObject({ event: 'end', data: { status: 'completed', finalResponse: 'Respuesta conjunta del equipo' } });
    const steps = events.filter((event) => event.event === 'step').map((event) => event.data.type);
    expect(steps).toEqual(expect.arrayContaining(['started', 'assignment', 'agent-working', 'agent-response', 'synthesis', 'completed']));
    expect(new Set(events.filter((event) => event.event === 'step').map((event) => event.data.seq)).size).toBe(steps.length);

    const replayed = await http().get(`/api/collaboration/sessions/${created.id}/events`).set(user.authorization).buffer(true).parse((res, done) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => done(null, text));
    });
    expect(parseEvents(replayed.body as string).filter((event) => event.event === 'step').map((event) => event.data.type)).toEqual(steps);
  });

  it('cancel stops it: cancelled, and the model calls in flight are aborted', async () => {
    let aborted = 0;
    gateway.script = teamScript(async function* (request) {
      request.signal?.addEventListener('abort', () => (aborted += 1));
      yield* waitForAbort(request);
    });
    const { body: created } = await start(user, { agentIds: [legal, finance, marketing], query: QUERY }).expect(201);
    await until(testApp, user, created.id, (session) => session.deliberationLog.filter((entry: { type: string }) => entry.type === 'agent-working').length === 3);

    const { body: cancelled } = await http().post(`/api/collaboration/sessions/${created.id}/cancel`).set(user.authorization).expect(200);
    expect(cancelled).toMatchObject({ status: 'cancelled', error: 'La colaboración se ha cancelado.' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(aborted).toBe(3);
    const session = await finished(testApp, user, created.id);
    expect(session.status).toBe('cancelled');
    expect(session.finalResponse).toBeNull();
  });

  it('a failure ends failed, with the error and the team presentation as final response', async () => {
    gateway.script = async function* () {
      throw new Error('El proveedor del modelo ha devuelto un error.');
    };
    const { body: created } = await start(user, { agentIds: [legal, finance], query: QUERY }).expect(201);
    const session = await finished(testApp, user, created.id);
    expect(session.status).toBe('failed');
    expect(session.error).toBe('El proveedor del modelo ha devuelto un error.');
    expect(session.finalResponse).toContain('**Abogada** (Legal)');
    expect(session.finalResponse).toContain('**Asesor Fiscal** (Finanzas)');
  });

  it("another user can neither read nor cancel a session (404); an admin can read it", async () => {
    const { body: created } = await start(user, { agentIds: [legal], query: QUERY }).expect(201);
    await finished(testApp, user, created.id);
    await http().get(`/api/collaboration/sessions/${created.id}`).set(other.authorization).expect(404);
    await http().get(`/api/collaboration/sessions/${created.id}/events`).set(other.authorization).expect(404);
    await http().post(`/api/collaboration/sessions/${created.id}/cancel`).set(other.authorization).expect(404);
    await http().post(`/api/collaboration/sessions/${created.id}/replay`).set(other.authorization).expect(404);
    await http().get(`/api/collaboration/sessions/${created.id}`).set(admin.authorization).expect(200);
  });

  it('a visitor is 401', async () => {
    await http().post('/api/collaboration/sessions').send({ agentIds: [legal], query: QUERY }).expect(401);
    await http().get('/api/collaboration/sessions').expect(401);
  });

  it("an empty team is 400 'No agents selected for collaboration'", async () => {
    const response = await start(user, { agentIds: [], query: QUERY }).expect(400);
    expect(response.body.message).toBe('No agents selected for collaboration');
    expect(gateway.requests).toHaveLength(0);
  });

  it('a paid agent without a subscription is refused as the chat refuses it, and no model is asked', async () => {
    const response = await start(user, { agentIds: [legal, paid], query: QUERY }).expect(403);
    expect(response.body).toMatchObject({ message: 'Necesitas una suscripción activa para chatear con este agente.', code: 'SubscriptionRequired' });
    expect(gateway.requests).toHaveLength(0);

    const subscriptions: Repository<Subscription> = testApp.app.get(DataSource).getRepository(Subscription);
    await subscriptions.save(subscriptionRow(subscriptions, user.sub, { agentId: paid, status: 'active' }));
    const { body } = await start(user, { agentIds: [legal, paid], query: QUERY }).expect(201);
    expect((await finished(testApp, user, body.id)).status).toBe('completed');
    await subscriptions.delete({ userSub: user.sub });
  });

  it('saves the query and the final answer, attributed to the contributors, in a flow conversation', async () => {
    const { body: conversation } = await http().post('/api/conversations').set(user.authorization).send({ title: 'Flujo de Agentes', metadata: { fromFlow: true } }).expect(201);
    const { body: created } = await start(user, { agentIds: [legal, finance], query: QUERY, conversationId: conversation.id }).expect(201);
    await finished(testApp, user, created.id);
    const { body: stored } = await http().get(`/api/conversations/${conversation.id}`).set(user.authorization).expect(200);
    const messages = stored.messages.map((message: { role: string; content: string; metadata: { agentName: string } }) => ({ role: message.role, content: message.content, metadata: message.metadata }));
    expect(messages[0]).toMatchObject({ role: 'user', content: QUERY });
    expect(messages[1].role).toBe('assistant');
    expect(messages[1].content).toBe('Respuesta conjunta del equipo');
    expect(messages[1].metadata.agentName.split(', ').sort()).toEqual(['Abogada', 'Asesor Fiscal']);

    const { body: plain } = await http().post('/api/conversations').set(user.authorization).send({}).expect(201);
    const refused = await start(user, { agentIds: [legal], query: QUERY, conversationId: plain.id }).expect(400);
    expect(refused.body.message).toBe('La conversación no es un flujo de agentes ni un chat de ecosistema.');
    await start(other, { agentIds: [legal], query: QUERY, conversationId: conversation.id }).expect(404);
  });

  it('reads finished only once its answer is in the conversation, however long storing the answer takes', async () => {
    const conversations = testApp.app.get(ConversationsService);
    const insertMessage = conversations.insertMessage.bind(conversations);
    const slowAnswer = jest.spyOn(conversations, 'insertMessage').mockImplementation(async (conversation, message, within) => {
      if (message.role === 'assistant') await new Promise((resolve) => setTimeout(resolve, 300));
      return insertMessage(conversation, message, within);
    });
    try {
      const { body: conversation } = await http().post('/api/conversations').set(user.authorization).send({ title: 'Flujo de Agentes', metadata: { fromFlow: true } }).expect(201);
      const { body: created } = await start(user, { agentIds: [legal, finance], query: QUERY, conversationId: conversation.id }).expect(201);
      expect((await finished(testApp, user, created.id)).status).toBe('completed');
      const { body: stored } = await http().get(`/api/conversations/${conversation.id}`).set(user.authorization).expect(200);
      expect(stored.messages.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant']);
    } finally {
      slowAnswer.mockRestore();
    }
  });

  it('an ecosystem chat runs a session over the ecosystem’s agents; an ecosystem without agents is refused', async () => {
    const { body: ecosystem } = await http().post('/api/ecosystems').set(user.authorization).send({ name: 'Mi ecosistema', agentIds: [legal, marketing] }).expect(201);
    const { body: conversation } = await http()
      .post('/api/conversations')
      .set(user.authorization)
      .send({ title: 'Mi ecosistema', metadata: { isEcosystemChat: true, ecosystemId: ecosystem.id } })
      .expect(201);
    const { body: created } = await start(user, { ecosystemId: ecosystem.id, query: QUERY, conversationId: conversation.id }).expect(201);
    expect(created.agents.map((agent: { id: string }) => agent.id)).toEqual([legal, marketing]);
    expect((await finished(testApp, user, created.id)).status).toBe('completed');
    const { body: stored } = await http().get(`/api/conversations/${conversation.id}`).set(user.authorization).expect(200);
    expect(stored.messages.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant']);

    const { body: empty } = await http().post('/api/ecosystems').set(user.authorization).send({ name: 'Vacío', agentIds: [] }).expect(201);
    const refused = await start(user, { ecosystemId: empty.id, query: QUERY }).expect(400);
    expect(refused.body.message).toBe('No agents selected for collaboration');
  });

  it("'Repetir' runs the same team and query again, linked to the first; 'Guardar como ecosistema' makes a private ecosystem", async () => {
    const { body: first } = await start(user, { agentIds: [legal, finance], query: QUERY }).expect(201);
    await finished(testApp, user, first.id);
    const { body: again } = await http().post(`/api/collaboration/sessions/${first.id}/replay`).set(user.authorization).expect(201);
    expect(again).toMatchObject({ replayOf: first.id, query: QUERY });
    expect(again.id).not.toBe(first.id);
    expect((await finished(testApp, user, again.id)).status).toBe('completed');

    const { body: ecosystem } = await http()
      .post(`/api/collaboration/sessions/${first.id}/save-as-ecosystem`)
      .set(user.authorization)
      .send({ name: 'Mi equipo de lanzamiento' })
      .expect(201);
    expect(ecosystem).toMatchObject({ name: 'Mi equipo de lanzamiento', isPublic: false, creatorId: user.sub });
    expect([...ecosystem.agentIds].sort()).toEqual([legal, finance].sort());
    // Issue 31: the toast says it is in 'Mi Oficina', so it is in the saver's team.
    const { body: team } = await http().get(`/api/user-ecosystems/${user.sub}`).set(user.authorization).expect(200);
    expect(team).toContainEqual(expect.objectContaining({ ecosystemId: ecosystem.id, name: 'Mi equipo de lanzamiento' }));
  });
});

describe('collaboration costs with MODEL_PRICES (issue 16)', () => {
  const gateway = new FakeModelGateway();
  let testApp: TestApp;
  afterAll(() => testApp?.close());

  it("gives each priced step and each agent's usage its cost in cents", async () => {
    // 1000 € per million input tokens and 2000 € per million output: an answer's 30 + 10 tokens cost 5 cents.
    testApp = await createTestAppWith([[ModelGateway, gateway]], { MODEL_PRICES: '{"*": {"inputPerMillion": 1000, "outputPerMillion": 2000}}' });
    const creator = await signUpAndSignIn(testApp, 'creadora@example.com');
    const user = await signUpAndSignIn(testApp, 'usuaria@example.com');
    const legal = await teamAgent(testApp, creator, 'Abogada', 'legal', 4.2);
    const finance = await teamAgent(testApp, creator, 'Asesor Fiscal', 'finance', 4.9);
    gateway.script = teamScript();
    const created = await request(testApp.server)
      .post('/api/collaboration/sessions')
      .set(user.authorization)
      .send({ agentIds: [legal, finance], query: '¿Qué contrato necesito?' })
      .expect(201);

    const session = await finished(testApp, user, created.body.id);
    expect(session.status).toBe('completed');
    expect(session.usage[legal]).toEqual({ inputTokens: 30, outputTokens: 10, calls: 1, costCents: 5 });
    const answer = session.deliberationLog.find((entry: { type: string; agentId?: string }) => entry.type === 'agent-response' && entry.agentId === legal);
    expect(answer).toMatchObject({ usage: { inputTokens: 30, outputTokens: 10 }, costCents: 5 });
    expect(session.usage[finance].costCents).toEqual(expect.any(Number));
  });
});
