import request from 'supertest';
import { type OpenAiFake, openAiFakeEnv, startOpenAiFake } from '../fakes/openai-fake';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(60_000);

const UNLIMITED = { RATE_LIMIT_MESSAGES_PER_MINUTE: '1000', RATE_LIMIT_MODEL_CALLS_PER_MINUTE: '1000', RATE_LIMIT_AGENTS_PER_HOUR: '1000' };
const ORIGINAL_PROMPT = 'Eres un asesor fiscal. Responde con detalle.';
const REVISED_PROMPT = 'Eres un asesor fiscal. Responde en tres frases como máximo y cita la ley.';

const structured = (reply: string, proposedPrompt = ''): string[] => [JSON.stringify({ reply, proposedPrompt })];

describe('fine-tuning sessions (/fine-tuning/sessions)', () => {
  let fake: OpenAiFake;
  let testApp: TestApp;
  let ana: SignedInUser;
  let bob: SignedInUser;
  let jefa: SignedInUser;
  let agentId: string;
  let privateAgentId: string;
  const http = () => request(testApp.server);

  beforeAll(async () => {
    fake = await startOpenAiFake({ reply: structured('¿Qué quieres cambiar?') });
    testApp = await createTestApp(openAiFakeEnv(fake, { ...UNLIMITED, ADMIN_EMAILS: 'jefa@example.com' }));
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
    bob = await signUpAndSignIn(testApp, 'bob@example.com');
    jefa = await signUpAndSignIn(testApp, 'jefa@example.com');
    const save = async (isPublic: boolean) =>
      (
        await http()
          .post('/api/agents')
          .set(ana.authorization)
          .send({ name: 'Asesor Fiscal', category: 'finance', description: 'Impuestos', isPublic, prompt: ORIGINAL_PROMPT })
          .expect(201)
      ).body.id as string;
    agentId = await save(true);
    privateAgentId = await save(false);
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.set({ reply: structured('¿Qué quieres cambiar?'), replies: [], status: undefined });
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  const open = (user: SignedInUser, body: object) => http().post('/api/fine-tuning/sessions').set(user.authorization).send(body);
  const talk = (user: SignedInUser, id: string, body: object) =>
    http().post(`/api/fine-tuning/sessions/${id}/messages`).set(user.authorization).send(body);
  const apply = (user: SignedInUser, id: string, body: object) =>
    http().post(`/api/fine-tuning/sessions/${id}/apply`).set(user.authorization).send(body);
  const currentPrompt = async () =>
    (await http().get(`/api/agent-creator/agents/${agentId}/draft`).set(ana.authorization).expect(200)).body.draft.systemPrompt as string;

  it('opens a session as a fine-tuning conversation that the chat lists keep apart', async () => {
    const { body } = await open(ana, { agentId, userId: ana.sub }).expect(201);
    expect(body).toMatchObject({ sessionId: expect.any(String), agentId, status: 'open', currentPrompt: ORIGINAL_PROMPT, messages: [] });
    const { body: conversation } = await http().get(`/api/conversations/${body.sessionId}`).set(ana.authorization).expect(200);
    expect(conversation).toMatchObject({ title: 'Ajuste de Asesor Fiscal', metadata: { isFineTuningConversation: true, agentId } });
  });

  it('talks about the change and proposes a revised prompt; applying it makes it the current one', async () => {
    const { body: session } = await open(ana, { agentId, userId: ana.sub }).expect(201);
    fake.set({ reply: structured('Lo haré más breve y citando la ley.', REVISED_PROMPT) });
    const { body: turn } = await talk(ana, session.sessionId, { message: 'Quiero respuestas más cortas', userId: ana.sub }).expect(200);
    expect(turn).toMatchObject({ sessionId: session.sessionId, reply: 'Lo haré más breve y citando la ley.', proposedPrompt: REVISED_PROMPT });
    const sent = fake.requests[0].body;
    expect(sent.response_format.json_schema.name).toBe('ajuste_de_prompt');
    expect(sent.messages[0].content).toContain(ORIGINAL_PROMPT);

    // The proposal is kept with the reply, so a reopened session still shows it.
    const { body: reopened } = await open(ana, { agentId, userId: ana.sub, conversationId: session.sessionId }).expect(201);
    expect(reopened.messages.map((message: { content: string }) => message.content)).toEqual([
      'Quiero respuestas más cortas',
      expect.stringContaining(REVISED_PROMPT),
    ]);

    const { body: applied } = await apply(ana, session.sessionId, {
      newPrompt: REVISED_PROMPT,
      versionName: 'Más breve',
      versionDescription: 'Respuestas de tres frases',
      userId: ana.sub,
    }).expect(200);
    expect(applied).toEqual({ success: true, message: expect.stringContaining('Más breve') });
    expect(await currentPrompt()).toBe(REVISED_PROMPT);
    // A new numbered version, named and described as the user asked, is the current one.
    const { body: versions } = await http().get(`/api/fine-tuning/agent-prompts/${agentId}/versions`).set(ana.authorization).expect(200);
    expect(versions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ prompt: REVISED_PROMPT, name: 'Más breve', description: 'Respuestas de tres frases', isCurrentVersion: true }),
        expect.objectContaining({ prompt: ORIGINAL_PROMPT, isCurrentVersion: false }),
      ]),
    );
  });

  it('a reply with no proposal answers proposedPrompt null; an invalid reply is asked again once', async () => {
    const { body: session } = await open(ana, { agentId }).expect(201);
    fake.set({ replies: [['{"proposedPrompt": 3}'], structured('¿Más corto en qué sentido?')] });
    const { body } = await talk(ana, session.sessionId, { message: 'Cámbialo' }).expect(200);
    expect(body).toMatchObject({ reply: '¿Más corto en qué sentido?', proposedPrompt: null });
    expect(fake.requests).toHaveLength(2);
  });

  it('after two invalid replies the user is told in Spanish and their message is kept', async () => {
    const { body: session } = await open(ana, { agentId }).expect(201);
    fake.set({ replies: [['{}'], ['[]']] });
    const { body } = await talk(ana, session.sessionId, { message: 'Esto se guarda' }).expect(502);
    expect(body.message).toBe('El modelo no ha devuelto una respuesta válida. Tu mensaje se ha guardado: vuelve a intentarlo.');
    const { body: again } = await http().get(`/api/fine-tuning/sessions/${session.sessionId}`).set(ana.authorization).expect(200);
    expect(again.messages).toMatchObject([{ role: 'user', content: 'Esto se guarda' }]);
  });

  it('a model that answers in plain text: the text is the reply, and a prompt after «Prompt propuesto:» is the proposal', async () => {
    const { body: session } = await open(ana, { agentId }).expect(201);
    fake.set({ reply: ['Puedo hacerlo más breve. ¿Quieres que cite', ' la ley?'] });
    const { body: question } = await talk(ana, session.sessionId, { message: 'Más corto' }).expect(200);
    expect(question).toMatchObject({ reply: 'Puedo hacerlo más breve. ¿Quieres que cite la ley?', proposedPrompt: null });
    expect(fake.requests[0].body.response_format.json_schema.name).toBe('ajuste_de_prompt');

    fake.set({ reply: [`Así quedaría:\n\n**Prompt propuesto:**\n\n${REVISED_PROMPT}`] });
    const { body } = await talk(ana, session.sessionId, { message: 'Sí, que cite la ley' }).expect(200);
    expect(body).toMatchObject({ reply: 'Así quedaría:', proposedPrompt: REVISED_PROMPT });
    const { body: again } = await http().get(`/api/fine-tuning/sessions/${session.sessionId}`).set(ana.authorization).expect(200);
    expect(again.messages.map((message: { content: string }) => message.content)).toEqual([
      'Más corto',
      'Puedo hacerlo más breve. ¿Quieres que cite la ley?',
      'Sí, que cite la ley',
      `Así quedaría:\n\nPrompt propuesto:\n\n${REVISED_PROMPT}`,
    ]);
  });

  it('a message sent again after a failure (same messageId) is stored once', async () => {
    const { body: session } = await open(ana, { agentId }).expect(201);
    fake.set({ status: 500 });
    await talk(ana, session.sessionId, { message: 'Una vez', messageId: 'ajuste-1' }).expect(502);
    fake.set({ status: undefined });
    await talk(ana, session.sessionId, { message: 'Una vez', messageId: 'ajuste-1' }).expect(200);
    const { body } = await http().get(`/api/fine-tuning/sessions/${session.sessionId}`).set(ana.authorization).expect(200);
    expect(body.messages.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant']);
  });

  it('a closed session takes no more messages and cannot apply (success false with the message)', async () => {
    const { body: session } = await open(ana, { agentId }).expect(201);
    await http().post(`/api/fine-tuning/sessions/${session.sessionId}/close`).set(ana.authorization).send({}).expect(200, {
      success: true,
      message: 'Sesión de ajuste cerrada.',
    });
    const { body: closed } = await http().get(`/api/fine-tuning/sessions/${session.sessionId}`).set(ana.authorization).expect(200);
    expect(closed.status).toBe('closed');
    await talk(ana, session.sessionId, { message: 'Hola' }).expect(409);
    const { body } = await apply(ana, session.sessionId, { newPrompt: 'Otro', versionName: 'v' }).expect(409);
    expect(body).toEqual({ success: false, message: 'La sesión de ajuste está cerrada: abre otra para seguir ajustando el agente.' });
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a blank prompt to apply, in Spanish and in the same { success: false, message } shape', async () => {
    const { body: session } = await open(ana, { agentId }).expect(201);
    const { body } = await apply(ana, session.sessionId, { newPrompt: '   ', versionName: 'v' }).expect(400);
    expect(body).toEqual({ success: false, message: 'newPrompt no puede estar vacío' });
  });

  it('a session may only name the agent’s model or the deployment’s', async () => {
    const { body } = await open(ana, { agentId, modelId: 'gpt-carisimo' }).expect(400);
    expect(body.message).toBe('modelId debe ser uno de los modelos disponibles: fake-model');
    await open(ana, { agentId, modelId: 'fake-model' }).expect(201);
  });

  describe('other users', () => {
    let session: string;
    beforeAll(async () => {
      session = (await open(ana, { agentId }).expect(201)).body.sessionId;
    });

    it("cannot open a session on someone else's agent: 403 for a public one, 404 for a private one", async () => {
      await open(bob, { agentId }).expect(403);
      await open(bob, { agentId: privateAgentId }).expect(404);
    });

    it('cannot name another user as userId (403), in the body of any call', async () => {
      await open(bob, { agentId, userId: ana.sub }).expect(403);
      await talk(bob, session, { message: 'Hola', userId: ana.sub }).expect(403);
      const { body } = await apply(bob, session, { newPrompt: 'Otro', versionName: 'v', userId: ana.sub }).expect(403);
      expect(body).toEqual({ success: false, message: expect.any(String) });
    });

    it("cannot reach another user's session (404), nor apply to it", async () => {
      await talk(bob, session, { message: 'Hola' }).expect(404);
      const { body } = await apply(bob, session, { newPrompt: 'Hackeado', versionName: 'v' }).expect(404);
      expect(body).toEqual({ success: false, message: 'Sesión de ajuste no encontrada' });
      await http().post(`/api/fine-tuning/sessions/${session}/close`).set(bob.authorization).send({}).expect(404);
      expect(await currentPrompt()).not.toBe('Hackeado');
      expect(fake.requests).toHaveLength(0);
    });

    it("an admin may fine-tune anyone's agent in a session of their own", async () => {
      const { body } = await open(jefa, { agentId: privateAgentId, userId: ana.sub }).expect(201);
      expect(body.currentPrompt).toBe(ORIGINAL_PROMPT);
    });
  });
});
