import request from 'supertest';
import { type OpenAiFake, openAiFakeEnv, startOpenAiFake } from '../fakes/openai-fake';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(60_000);

const UNLIMITED = { RATE_LIMIT_MESSAGES_PER_MINUTE: '1000', RATE_LIMIT_MODEL_CALLS_PER_MINUTE: '1000', RATE_LIMIT_AGENTS_PER_HOUR: '1000' };

const DRAFT = {
  name: 'Asesor de Alquileres',
  category: 'legal',
  description: 'Ayuda a inquilinos a entender su contrato de alquiler.',
  skills: ['Leer contratos', ' Leer contratos ', ''],
  capabilities: ['Explicar cláusulas'],
  useCases: ['Revisar la fianza'],
  systemPrompt: 'Eres un asesor de alquileres. Hablas con inquilinos, con un tono cercano.',
  price: 5,
  isPublic: true,
};

/** The fake model's structured reply, streamed in two pieces as a real server would. */
const structured = (reply: string, draft: object = DRAFT): string[] => {
  const json = JSON.stringify({ reply, draft });
  return [json.slice(0, 20), json.slice(20)];
};

describe('the agent creator (/agent-creator): creating an agent by talking', () => {
  let fake: OpenAiFake;
  let testApp: TestApp;
  let ana: SignedInUser;
  let bob: SignedInUser;
  const http = () => request(testApp.server);

  beforeAll(async () => {
    fake = await startOpenAiFake({ reply: structured('¿Para quién es el agente?') });
    testApp = await createTestApp(openAiFakeEnv(fake, UNLIMITED));
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
    bob = await signUpAndSignIn(testApp, 'bob@example.com');
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.set({ reply: structured('¿Para quién es el agente?'), replies: [], status: undefined });
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  let users = 0;
  /** A user of their own: the creator goes on with a user's draft under way, so each test starts from none. */
  const newUser = () => signUpAndSignIn(testApp, `creador${(users += 1)}@example.com`);
  const talk = (user: SignedInUser, body: object) => http().post('/api/agent-creator/messages').set(user.authorization).send(body);
  const messages = async (user: SignedInUser, conversationId: string) =>
    (await http().get(`/api/conversations/${conversationId}/messages`).set(user.authorization).expect(200)).body as {
      role: string;
      content: string;
      status: string;
    }[];

  it('says whether a model can act as the creator, with an empty draft', async () => {
    const { body } = await http().get('/api/agent-creator').set(ana.authorization).expect(200);
    expect(body.modelAvailable).toBe(true);
    expect(body.draft).toMatchObject({ name: '', category: 'general', skills: [], price: 0, isPublic: false });
  });

  it('opens a creator-mode conversation flagged as the initial interaction, and answers with the cleaned draft', async () => {
    const { body } = await talk(ana, { message: 'Quiero un agente para inquilinos' }).expect(200);
    expect(body).toMatchObject({
      conversationId: expect.any(String),
      reply: '¿Para quién es el agente?',
      modelAvailable: true,
      draftUpdated: true,
      draft: { ...DRAFT, skills: ['Leer contratos'], modelId: '' },
    });
    const { body: conversation } = await http().get(`/api/conversations/${body.conversationId}`).set(ana.authorization).expect(200);
    expect(conversation.metadata).toMatchObject({ isCreatorAgent: true, isInitialInteraction: true, type: 'agent-creator' });
    expect(await messages(ana, body.conversationId)).toMatchObject([
      { role: 'user', content: 'Quiero un agente para inquilinos' },
      { role: 'assistant', content: '¿Para quién es el agente?', status: 'complete' },
    ]);

    const sent = fake.requests[0].body;
    expect(sent.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'borrador_de_agente', strict: true } });
    expect(sent.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('creador de agentes') });
  });

  it("continues the conversation with the user's hand edits in the instructions and keeps their model choice", async () => {
    const user = await newUser();
    const { body: first } = await talk(user, { message: 'Hola' }).expect(200);
    const edited = { ...first.draft, name: 'Mi Nombre A Mano', modelId: 'llama3.1' };
    fake.set({ reply: structured('Perfecto, ¿qué tono?', { ...DRAFT, name: 'Mi Nombre A Mano' }) });
    const { body } = await talk(user, { conversationId: first.conversationId, message: 'Para inquilinos', draft: edited }).expect(200);
    expect(body.draft).toMatchObject({ name: 'Mi Nombre A Mano', modelId: 'llama3.1' });
    const sent = fake.requests[1].body;
    expect(sent.messages[0].content).toContain('Mi Nombre A Mano');
    // The earlier turn goes back as history.
    expect(sent.messages.slice(1)).toEqual([
      { role: 'user', content: 'Hola' },
      { role: 'assistant', content: '¿Para quién es el agente?' },
      { role: 'user', content: 'Para inquilinos' },
    ]);
  });

  it('asks again once when the reply does not validate, and shows the valid one', async () => {
    fake.set({ replies: [structured('Mal', { ...DRAFT, category: 'astrologia' }), structured('Ahora sí')] });
    const { body } = await talk(ana, { message: 'Hola' }).expect(200);
    expect(body.reply).toBe('Ahora sí');
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1].body.messages.at(-1).content).toContain('draft.category debe ser una de');
  });

  it('tells the user in Spanish after two replies that are broken JSON, keeping their message', async () => {
    fake.set({ replies: [['{"reply": "cortad'], ['{"draft": {"name": 3}}']] });
    const { body } = await talk(ana, { message: 'Mensaje que no se pierde' }).expect(502);
    expect(body.message).toBe('El modelo no ha devuelto una respuesta válida. Tu mensaje se ha guardado: vuelve a intentarlo.');
    expect(fake.requests).toHaveLength(2);
    const { body: list } = await http().get('/api/conversations').set(ana.authorization).expect(200);
    const stored = await Promise.all(list.map((conversation: { id: string }) => messages(ana, conversation.id)));
    expect(stored.flat().some((message) => message.content === 'Mensaje que no se pierde')).toBe(true);
  });

  it('a model that answers in plain text: its text is the reply, the draft stays as it was (draftUpdated false)', async () => {
    const user = await newUser();
    const draft = { ...DRAFT, modelId: '', name: 'Mi borrador' };
    fake.set({ reply: ['¡Hola! ¿Para quién', ' es el agente?'] });
    const { body } = await talk(user, { message: 'Quiero un agente', draft }).expect(200);
    expect(body).toMatchObject({ reply: '¡Hola! ¿Para quién es el agente?', draftUpdated: false, modelAvailable: true });
    expect(body.draft).toMatchObject({ name: 'Mi borrador', skills: ['Leer contratos'] });
    // Structured output was asked for, then once more with what was wrong.
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0].body.response_format).toMatchObject({ type: 'json_schema' });
    expect(fake.requests[1].body.messages.at(-1).content).toContain('no es JSON válido');
    expect(await messages(user, body.conversationId)).toMatchObject([
      { role: 'user', content: 'Quiero un agente' },
      { role: 'assistant', content: '¡Hola! ¿Para quién es el agente?', status: 'complete' },
    ]);
    // The draft is kept as it was sent.
    const { body: state } = await http().get('/api/agent-creator/conversation').set(user.authorization).expect(200);
    expect(state).toMatchObject({ conversationId: body.conversationId, draft: { name: 'Mi borrador' } });
  });

  it('a JSON reply whose draft breaks the rules twice: its reply is shown and the draft stays as it was', async () => {
    fake.set({ replies: [structured('Mal', { ...DRAFT, price: -3 }), structured('Sigue mal', { ...DRAFT, category: 'cocina' })] });
    const { body } = await talk(await newUser(), { message: 'Hola', draft: { ...DRAFT, modelId: '', name: 'A mano' } }).expect(200);
    expect(body).toMatchObject({ reply: 'Mal', draftUpdated: false, draft: { name: 'A mano', price: 5 } });
  });

  it('reads JSON that a model put inside prose or a code fence', async () => {
    const json = JSON.stringify({ reply: 'Entendido', draft: DRAFT });
    fake.set({ replies: [[`Aquí tienes el borrador:\n\n\`\`\`json\n${json}\n\`\`\`\nEspero que te sirva.`]] });
    const { body } = await talk(await newUser(), { message: 'Hola' }).expect(200);
    expect(body).toMatchObject({ reply: 'Entendido', draftUpdated: true, draft: { name: DRAFT.name } });
    expect(fake.requests).toHaveLength(1);
  });

  describe('one conversation per draft', () => {
    it('a visit goes on with the draft under way: no second conversation, titled after the agent, reopened with its draft and messages', async () => {
      const user = await newUser();
      const { body: empty } = await http().get('/api/agent-creator/conversation').set(user.authorization).expect(200);
      expect(empty).toEqual({ conversationId: null, agentId: null, title: 'Creador de agentes', draft: expect.objectContaining({ name: '' }), messages: [] });

      const { body: first } = await talk(user, { message: 'Quiero un agente para inquilinos' }).expect(200);
      // A second visit (no conversationId) goes on in the same conversation.
      fake.set({ reply: structured('¿Qué tono?') });
      const { body: second } = await talk(user, { message: 'Para inquilinos', draft: first.draft }).expect(200);
      expect(second.conversationId).toBe(first.conversationId);
      const { body: list } = await http().get('/api/conversations').set(user.authorization).expect(200);
      expect(list.map((conversation: { title: string }) => conversation.title)).toEqual([`Nuevo agente: ${DRAFT.name}`]);

      const { body: reopened } = await http()
        .get('/api/agent-creator/conversation')
        .query({ conversationId: first.conversationId })
        .set(user.authorization)
        .expect(200);
      expect(reopened).toMatchObject({ conversationId: first.conversationId, agentId: null, title: `Nuevo agente: ${DRAFT.name}`, draft: { name: DRAFT.name } });
      expect(reopened.messages.map((message: { content: string }) => message.content)).toEqual([
        'Quiero un agente para inquilinos',
        '¿Para quién es el agente?',
        'Para inquilinos',
        '¿Qué tono?',
      ]);
      const { body: visit } = await http().get('/api/agent-creator/conversation').set(user.authorization).expect(200);
      expect(visit.conversationId).toBe(first.conversationId);

      // Once the agent is created, the conversation is the agent's: the next visit starts another draft.
      const { body: agent } = await http()
        .post('/api/agent-creator/agents')
        .set(user.authorization)
        .send({ conversationId: first.conversationId, draft: second.draft })
        .expect(201);
      const { body: after } = await http().get('/api/agent-creator/conversation').set(user.authorization).expect(200);
      expect(after.conversationId).toBeNull();
      const { body: onAgent } = await http().get('/api/agent-creator/conversation').query({ agentId: agent.id }).set(user.authorization).expect(200);
      expect(onAgent).toMatchObject({ conversationId: first.conversationId, agentId: agent.id, title: `Editar ${DRAFT.name}` });
      const { body: edit } = await talk(user, { agentId: agent.id, message: 'Más breve' }).expect(200);
      expect(edit.conversationId).toBe(first.conversationId);
      const { body: next } = await talk(user, { message: 'Otro agente' }).expect(200);
      expect(next.conversationId).not.toBe(first.conversationId);
    });

    it('a message sent again after a failure (same messageId) is answered without being stored twice, in the same conversation', async () => {
      const user = await newUser();
      fake.set({ status: 500 });
      const { body: failure } = await talk(user, { message: 'Primer mensaje', messageId: 'm-1' }).expect(502);
      expect(failure.message).toContain('Tu mensaje se ha guardado');
      fake.set({ status: undefined });
      const { body } = await talk(user, { message: 'Primer mensaje', messageId: 'm-1' }).expect(200);
      expect(await messages(user, body.conversationId)).toMatchObject([
        { role: 'user', content: 'Primer mensaje' },
        { role: 'assistant', content: '¿Para quién es el agente?' },
      ]);
      const { body: list } = await http().get('/api/conversations').set(user.authorization).expect(200);
      expect(list).toHaveLength(1);
      // The retry is not sent to the model as its own history.
      expect(fake.requests.at(-1)!.body.messages.slice(1)).toEqual([{ role: 'user', content: 'Primer mensaje' }]);
      await talk(user, { message: 'Otro texto', messageId: 'm-1' }).expect(409);
    });

    it("another user's creator conversation is not found", async () => {
      const user = await newUser();
      const { body } = await talk(user, { message: 'Hola' }).expect(200);
      await http().get('/api/agent-creator/conversation').query({ conversationId: body.conversationId }).set(bob.authorization).expect(404);
    });
  });

  it('refuses a draft that breaks the rules, in Spanish', async () => {
    const { body } = await talk(ana, { message: 'Hola', draft: { ...DRAFT, modelId: '', category: 'cocina' } }).expect(400);
    expect(body.message).toContain('draft.category debe ser una de: legal, finance, marketing, tech, hr, operations, general');
  });

  it("'Crear agente' saves the agent with its prompt, completes the interaction and lists it as the user's", async () => {
    const fresh = await newUser();
    const { body: turn } = await talk(fresh, { message: 'Quiero un agente' }).expect(200);
    const { body: agent } = await http()
      .post('/api/agent-creator/agents')
      .set(fresh.authorization)
      .send({ conversationId: turn.conversationId, draft: turn.draft })
      .expect(201);
    expect(agent).toMatchObject({ name: DRAFT.name, category: 'legal', price: 5, isPublic: true, skills: ['Leer contratos'] });

    const { body: state } = await http().get(`/api/users/${fresh.sub}/interaction-state`).set(fresh.authorization).expect(200);
    expect(state).toEqual({ firstAgentCreated: true, interactionComplete: true });
    const { body: mine } = await http().get('/api/agents').query({ creator: fresh.sub }).set(fresh.authorization).expect(200);
    expect(mine.map((item: { id: string }) => item.id)).toEqual([agent.id]);
    const { body: draft } = await http().get(`/api/agent-creator/agents/${agent.id}/draft`).set(fresh.authorization).expect(200);
    expect(draft.draft.systemPrompt).toBe(DRAFT.systemPrompt);
    const { body: conversation } = await http().get(`/api/conversations/${turn.conversationId}`).set(fresh.authorization).expect(200);
    expect(conversation.metadata).toMatchObject({ isCreatorAgent: true, isInitialInteraction: false, agentId: agent.id });

    // A later creator conversation is no longer the initial interaction.
    const { body: later } = await talk(fresh, { message: 'Otro' }).expect(200);
    const { body: laterConversation } = await http().get(`/api/conversations/${later.conversationId}`).set(fresh.authorization).expect(200);
    expect(laterConversation.metadata.isInitialInteraction).toBe(false);
  });

  it('does not save a draft without a name, description or instructions', async () => {
    const { body } = await http()
      .post('/api/agent-creator/agents')
      .set(ana.authorization)
      .send({ draft: { ...DRAFT, modelId: '', name: '', systemPrompt: '  ' } })
      .expect(400);
    expect(body.message).toBe('Para guardar el agente falta el nombre, las instrucciones (prompt del sistema).');
  });

  describe('changing an existing agent (/agent-creator/{agentId})', () => {
    let agentId: string;
    beforeAll(async () => {
      const { body } = await http()
        .post('/api/agent-creator/agents')
        .set(ana.authorization)
        .send({ draft: { ...DRAFT, modelId: '', isPublic: true } })
        .expect(201);
      agentId = body.id;
    });

    it('talks about the agent and saves the changes with PUT', async () => {
      fake.set({ reply: structured('Hecho: más breve.', { ...DRAFT, description: 'Más breve' }) });
      const { body: before } = await http().get('/api/agent-creator/conversation').query({ agentId }).set(ana.authorization).expect(200);
      expect(before).toMatchObject({ conversationId: null, agentId, title: `Editar ${DRAFT.name}`, draft: { systemPrompt: DRAFT.systemPrompt } });
      const { body: turn } = await talk(ana, { agentId, message: 'Hazlo más breve' }).expect(200);
      expect(fake.requests[0].body.messages[0].content).toContain(DRAFT.systemPrompt);
      const { body: conversation } = await http().get(`/api/conversations/${turn.conversationId}`).set(ana.authorization).expect(200);
      expect(conversation).toMatchObject({ title: `Editar ${DRAFT.name}`, metadata: { isCreatorAgent: true, agentId } });

      const { body: saved } = await http()
        .put(`/api/agent-creator/agents/${agentId}`)
        .set(ana.authorization)
        .send({ conversationId: turn.conversationId, draft: turn.draft })
        .expect(200);
      expect(saved).toMatchObject({ id: agentId, description: 'Más breve' });
    });

    it("refuses another user: the draft, a conversation on it and saving are 403 (a public agent's prompt is not public)", async () => {
      await http().get(`/api/agent-creator/agents/${agentId}/draft`).set(bob.authorization).expect(403);
      await http().get('/api/agent-creator/conversation').query({ agentId }).set(bob.authorization).expect(403);
      await talk(bob, { agentId, message: 'Quiero cambiarlo' }).expect(403);
      await http()
        .put(`/api/agent-creator/agents/${agentId}`)
        .set(bob.authorization)
        .send({ draft: { ...DRAFT, modelId: '' } })
        .expect(403);
      expect(fake.requests).toHaveLength(0);
    });

    it("hides another user's private agent (404) and their creator conversations", async () => {
      const { body: hidden } = await http()
        .post('/api/agent-creator/agents')
        .set(ana.authorization)
        .send({ draft: { ...DRAFT, modelId: '', isPublic: false } })
        .expect(201);
      await http().get(`/api/agent-creator/agents/${hidden.id}/draft`).set(bob.authorization).expect(404);
      await http().put(`/api/agent-creator/agents/missing-agent`).set(ana.authorization).send({ draft: { ...DRAFT, modelId: '' } }).expect(404);
      const { body: turn } = await talk(ana, { message: 'Hola' }).expect(200);
      await talk(bob, { conversationId: turn.conversationId, message: 'Hola' }).expect(404);
    });
  });

  it('a conversation that is not a creator one is not found here', async () => {
    const { body: chat } = await http().post('/api/conversations').set(ana.authorization).send({ metadata: { fromFlow: true } }).expect(201);
    await talk(ana, { conversationId: chat.id, message: 'Hola' }).expect(404);
  });
});

describe('the agent creator without a model', () => {
  let testApp: TestApp;
  let ana: SignedInUser;
  beforeAll(async () => {
    testApp = await createTestApp({ MODEL_PROVIDER: 'none', ...UNLIMITED });
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
  });
  afterAll(() => testApp.close());

  it('says so, keeps the message and the draft, and saving by hand still works', async () => {
    const { body: status } = await request(testApp.server).get('/api/agent-creator').set(ana.authorization).expect(200);
    expect(status.modelAvailable).toBe(false);
    const draft = { ...DRAFT, modelId: '' };
    const { body } = await request(testApp.server)
      .post('/api/agent-creator/messages')
      .set(ana.authorization)
      .send({ message: 'Hola', draft })
      .expect(200);
    expect(body).toMatchObject({
      modelAvailable: false,
      reply: 'El asistente todavía no está disponible. Vuelve a intentarlo más tarde.',
      draft: { name: DRAFT.name },
    });
    await request(testApp.server).post('/api/agent-creator/agents').set(ana.authorization).send({ draft }).expect(201);
  });
});
