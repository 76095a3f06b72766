import request from 'supertest';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

// Sign-ups hash passwords on purpose slowly; a busy machine needs more than the default 5 s.
jest.setTimeout(30_000);

interface ConversationBody {
  id: string;
  title: string;
  category: string;
  userId: string;
  messages?: { id: string; content: string }[];
}

/**
 * 'Chatear' with an agent goes on with the user's open conversation with it (issue 31, item 6):
 * GET /conversations/latest finds it, and POST /conversations with reuseOpen answers it instead
 * of opening another; without reuseOpen (the user asked for a new one) a new one is made.
 */
describe('the open chat with an agent', () => {
  let testApp: TestApp;
  let ana: SignedInUser;
  let bob: SignedInUser;
  let legal: { id: string; name: string };
  let finance: { id: string; name: string };
  const http = () => request(testApp.server);

  beforeAll(async () => {
    testApp = await createTestApp();
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
    bob = await signUpAndSignIn(testApp, 'bob@example.com');
    const agents = (await http().get('/api/agents').expect(200)).body as { id: string; name: string; category: string; createdBy: string }[];
    legal = agents.find((agent) => agent.createdBy === 'system' && agent.category === 'legal')!;
    finance = agents.find((agent) => agent.createdBy === 'system' && agent.category === 'finance')!;
  });

  afterAll(() => testApp.close());

  const latest = async (user: SignedInUser, agentId: string): Promise<ConversationBody | null> =>
    (await http().get(`/api/conversations/latest?agentId=${encodeURIComponent(agentId)}`).set(user.authorization).expect(200)).body.conversation;
  /** What a 'Chatear' sends with its first message: the agent, and to go on with the open chat. */
  const chatear = (user: SignedInUser, agentId: string) =>
    http().post('/api/conversations').set(user.authorization).send({ metadata: { agentId }, reuseOpen: true });
  /** 'Nueva conversación': the agent, and a new chat. */
  const newChat = (user: SignedInUser, agentId: string) => http().post('/api/conversations').set(user.authorization).send({ metadata: { agentId } });
  const chatsWith = async (user: SignedInUser, agentId: string): Promise<string[]> => {
    const { body } = await http().get('/api/conversations').set(user.authorization).expect(200);
    return (body as (ConversationBody & { metadata: { agentId?: string } })[])
      .filter((conversation) => conversation.metadata.agentId === agentId && conversation.category === 'agent')
      .map((conversation) => conversation.id);
  };
  const say = (user: SignedInUser, conversationId: string, id: string, content: string) =>
    http().post(`/api/conversations/${conversationId}/messages`).set(user.authorization).send({ id, role: 'user', content }).expect(201);

  it("has none before the first chat, and two 'Chatear' in a row make one conversation", async () => {
    expect(await latest(ana, legal.id)).toBeNull();

    const first = (await chatear(ana, legal.id).expect(201)).body as ConversationBody;
    expect(first).toMatchObject({ title: `Chat con ${legal.name}`, category: 'agent', userId: ana.sub, messages: [] });
    await say(ana, first.id, 'hola-1', 'Hola, tengo una duda de un contrato');

    expect((await latest(ana, legal.id))?.id).toBe(first.id);
    const again = (await chatear(ana, legal.id).expect(200)).body as ConversationBody;
    expect(again.id).toBe(first.id);
    expect(again.messages?.map((message) => message.content)).toEqual(['Hola, tengo una duda de un contrato']);
    expect(await chatsWith(ana, legal.id)).toEqual([first.id]);
  });

  it('is per agent: a chat with another agent is not that one', async () => {
    expect(await latest(ana, finance.id)).toBeNull();
    const withFinance = (await chatear(ana, finance.id).expect(201)).body as ConversationBody;
    expect(withFinance.title).toBe(`Chat con ${finance.name}`);
    expect((await latest(ana, legal.id))?.id).not.toBe(withFinance.id);
  });

  it('opens a second one when the user asks for a new one, and goes on with the latest active after', async () => {
    const [open] = await chatsWith(ana, legal.id);
    const fresh = (await newChat(ana, legal.id).expect(201)).body as ConversationBody;
    expect(fresh.id).not.toBe(open);
    expect(await chatsWith(ana, legal.id)).toHaveLength(2);
    // The newest is now the open one…
    expect((await latest(ana, legal.id))?.id).toBe(fresh.id);
    expect((await chatear(ana, legal.id).expect(200)).body.id).toBe(fresh.id);
    // …until the user writes in the older one again.
    await say(ana, open!, 'hola-2', 'Sigo con lo del contrato');
    expect((await latest(ana, legal.id))?.id).toBe(open);
    expect(await chatsWith(ana, legal.id)).toHaveLength(2);
  });

  it("never answers another user's conversation", async () => {
    expect(await latest(bob, legal.id)).toBeNull();
    const bobs = (await chatear(bob, legal.id).expect(201)).body as ConversationBody;
    expect(bobs.userId).toBe(bob.sub);
    expect(await chatsWith(ana, legal.id)).not.toContain(bobs.id);
    expect((await latest(ana, legal.id))?.id).not.toBe(bobs.id);
    expect((await latest(bob, legal.id))?.id).toBe(bobs.id);
  });

  it('never answers a deleted conversation', async () => {
    for (const id of await chatsWith(bob, legal.id)) await http().delete(`/api/conversations/${id}`).set(bob.authorization).expect(200);
    expect(await latest(bob, legal.id)).toBeNull();
    const after = (await chatear(bob, legal.id).expect(201)).body as ConversationBody;
    expect(await chatsWith(bob, legal.id)).toEqual([after.id]);
  });

  it("leaves out a flow's, an ecosystem's, the creator's or a fine-tuning conversation that names the agent", async () => {
    const carol = await signUpAndSignIn(testApp, 'carol@example.com');
    const create = (body: object) => http().post('/api/conversations').set(carol.authorization).send(body).expect(201);
    await create({ metadata: { agentId: legal.id, fromFlow: true } });
    await create({ metadata: { agentId: legal.id, isEcosystemChat: true, ecosystemId: 'eco-1' } });
    await create({ metadata: { agentId: legal.id, isFineTuningConversation: true } });
    const creator = (await create({})).body as ConversationBody;
    await http().put(`/api/conversations/${creator.id}`).set(carol.authorization).send({ metadata: { agentId: legal.id } }).expect(200);

    expect(await latest(carol, legal.id)).toBeNull();
    const chat = (await chatear(carol, legal.id).expect(201)).body as ConversationBody;
    expect(chat.category).toBe('agent');
    expect((await latest(carol, legal.id))?.id).toBe(chat.id);
  });

  it("matches the agent's id exactly, LIKE's wildcards included", async () => {
    // '_' in SQL's LIKE is any one character: 'agent-lega_' must not find the chat with 'agent-legal'.
    const dave = await signUpAndSignIn(testApp, 'dave@example.com');
    await chatear(dave, legal.id).expect(201);
    const lookalike = legal.id.replace(/.$/, '_');
    expect(await latest(dave, lookalike)).toBeNull();
  });

  it("refuses, as before, a chat with an agent the caller cannot see (404 'Agente no encontrado')", async () => {
    const { body: secret } = await http()
      .post('/api/agents')
      .set(bob.authorization)
      .send({ name: 'Agente secreto', category: 'legal', description: 'Privado', isPublic: false })
      .expect(201);
    const response = await chatear(ana, secret.id).expect(404);
    expect(response.body.message).toBe('Agente no encontrado');
  });

  it.each([
    ['', 'agentId no es un id de agente válido'],
    ['?agentId=a%20b', 'agentId no es un id de agente válido'],
  ])('answers GET /conversations/latest%s with a 400 that says why', async (query, message) => {
    const response = await http().get(`/api/conversations/latest${query}`).set(ana.authorization).expect(400);
    expect(response.body.message).toContain(message);
  });

  it('refuses a reuseOpen that is not true or false, and a visitor', async () => {
    const response = await http().post('/api/conversations').set(ana.authorization).send({ metadata: { agentId: legal.id }, reuseOpen: 'sí' }).expect(400);
    expect(response.body.message).toContain('reuseOpen debe ser true o false');
    await http().get(`/api/conversations/latest?agentId=${legal.id}`).expect(401);
  });
});
