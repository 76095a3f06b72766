import request from 'supertest';
import { type OpenAiFake, openAiFakeEnv, startOpenAiFake } from '../fakes/openai-fake';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(90_000);

const UNLIMITED = {
  RATE_LIMIT_MESSAGES_PER_MINUTE: '1000',
  RATE_LIMIT_MODEL_CALLS_PER_MINUTE: '1000',
  RATE_LIMIT_AGENTS_PER_HOUR: '1000',
  RATE_LIMIT_CONVERSATIONS_PER_HOUR: '1000',
};
const FIRST_PROMPT = 'Eres un asesor fiscal. Responde con detalle.';
const SECOND_PROMPT = 'Eres un asesor fiscal. Responde en tres frases y cita la ley.';

/** The system prompt the fake received last (the chat sends it as the first message). */
const systemPromptOf = (body: { messages: { role: string; content: string }[] }) =>
  body.messages.find((message) => message.role === 'system')?.content ?? '';

describe('prompt versions (/agent-prompts, /fine-tuning/agent-prompts)', () => {
  let fake: OpenAiFake;
  let testApp: TestApp;
  let ana: SignedInUser;
  let bob: SignedInUser;
  let jefa: SignedInUser;
  const http = () => request(testApp.server);
  const handleOf = async (user: SignedInUser) => (await http().get(`/api/users/registration/${user.sub}`).set(user.authorization).expect(200)).body.handle as string;

  beforeAll(async () => {
    fake = await startOpenAiFake({ reply: ['Hola'] });
    testApp = await createTestApp(openAiFakeEnv(fake, { ...UNLIMITED, ADMIN_EMAILS: 'jefa@example.com' }));
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
    bob = await signUpAndSignIn(testApp, 'bob@example.com');
    jefa = await signUpAndSignIn(testApp, 'jefa@example.com');
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.set({ reply: ['Hola'], replies: [], status: undefined, replyFor: undefined });
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  const saveAgent = async (user: SignedInUser, body: object) =>
    (
      await http()
        .post('/api/agents')
        .set(user.authorization)
        .send({ name: 'Asesor Fiscal', category: 'finance', description: 'Impuestos', isPublic: true, ...body })
        .expect((response) => expect([200, 201]).toContain(response.status))
    ).body.id as string;
  const versionsOf = async (user: SignedInUser, agentId: string) =>
    (await http().get(`/api/fine-tuning/agent-prompts/${agentId}/versions`).set(user.authorization).expect(200)).body as {
      version: number;
      prompt: string;
      name: string;
      isCurrentVersion: boolean;
    }[];
  const addVersion = (user: SignedInUser, body: object) => http().post('/api/agent-prompts').set(user.authorization).send(body);
  const setCurrent = (user: SignedInUser, agentId: string, version: number, query = '') =>
    http().post(`/api/fine-tuning/agent-prompts/${agentId}/versions/${version}/set-current${query}`).set(user.authorization);
  const chatSystemPrompt = async (user: SignedInUser, agentId: string) => {
    const conversationId = (await http().post('/api/conversations').set(user.authorization).send({ metadata: { agentId } }).expect(201)).body
      .id as string;
    fake.requests.length = 0;
    await http().post('/api/bedrock/agents/chat').set(user.authorization).send({ conversationId, message: 'Hola', agentId }).expect(200);
    return systemPromptOf(fake.requests[0].body);
  };

  it('keeps the sample agents’ prompts as their first, current version', async () => {
    const { body } = await http().get('/api/agent-prompts/agente-legal').set(jefa.authorization).expect(200);
    expect(body).toMatchObject({ agentId: 'agente-legal', version: 1, name: 'Versión 1', isCurrentVersion: true, prompt: expect.any(String) });
  });

  it('numbers the versions of an agent’s prompt; saving the agent unchanged adds none', async () => {
    const agentId = await saveAgent(ana, { prompt: FIRST_PROMPT });
    await saveAgent(ana, { id: agentId, prompt: FIRST_PROMPT });
    await saveAgent(ana, { id: agentId, prompt: SECOND_PROMPT });
    await saveAgent(ana, { id: agentId });

    expect(await versionsOf(ana, agentId)).toEqual([
      expect.objectContaining({ version: 2, prompt: SECOND_PROMPT, name: 'Versión 2', isCurrentVersion: true, createdBy: await handleOf(ana) }),
      expect.objectContaining({ version: 1, prompt: FIRST_PROMPT, name: 'Versión 1', isCurrentVersion: false }),
    ]);
    const { body: version1 } = await http().get(`/api/fine-tuning/agent-prompts/${agentId}/versions/1`).set(ana.authorization).expect(200);
    expect(version1).toMatchObject({ version: 1, prompt: FIRST_PROMPT, isCurrentVersion: false });
    await http().get(`/api/fine-tuning/agent-prompts/${agentId}/versions/7`).set(ana.authorization).expect(404);
    await http().get(`/api/fine-tuning/agent-prompts/${agentId}/versions/uno`).set(ana.authorization).expect(404);
  });

  it('makes a posted version current, and the agent’s chats follow whichever version is current', async () => {
    const agentId = await saveAgent(ana, { prompt: FIRST_PROMPT });
    const { body: added } = await addVersion(ana, {
      agentId,
      prompt: SECOND_PROMPT,
      versionName: 'Más breve',
      versionDescription: 'Tres frases y la ley',
    }).expect(201);
    expect(added).toMatchObject({ agentId, version: 2, name: 'Más breve', description: 'Tres frases y la ley', isCurrentVersion: true });
    const { body: current } = await http().get(`/api/agent-prompts/${agentId}`).set(ana.authorization).expect(200);
    expect(current).toMatchObject({ version: 2, prompt: SECOND_PROMPT });
    expect(await chatSystemPrompt(ana, agentId)).toBe(SECOND_PROMPT);

    const { body: switched } = await setCurrent(ana, agentId, 1).expect(200);
    expect(switched).toMatchObject({ version: 1, isCurrentVersion: true });
    expect((await versionsOf(ana, agentId)).map((version) => [version.version, version.isCurrentVersion])).toEqual([
      [2, false],
      [1, true],
    ]);
    expect(await chatSystemPrompt(bob, agentId)).toBe(FIRST_PROMPT);
  });

  it('refuses to delete the current version; deleted numbers are never used again', async () => {
    const agentId = await saveAgent(ana, { prompt: FIRST_PROMPT });
    await addVersion(ana, { agentId, prompt: SECOND_PROMPT }).expect(201);

    const { body: refusal } = await http().delete(`/api/fine-tuning/agent-prompts/${agentId}/versions/2`).set(ana.authorization).expect(409);
    expect(refusal.message).toBe('No se puede eliminar la versión actual del prompt. Establece antes otra versión como actual.');
    await http().delete(`/api/fine-tuning/agent-prompts/${agentId}/versions/1`).set(ana.authorization).expect(200);
    await http().delete(`/api/fine-tuning/agent-prompts/${agentId}/versions/1`).set(ana.authorization).expect(404);
    await setCurrent(ana, agentId, 1).expect(404);

    const { body: third } = await addVersion(ana, { agentId, prompt: 'Tercera' }).expect(201);
    expect(third.version).toBe(3);
    expect((await versionsOf(ana, agentId)).map((version) => version.version)).toEqual([3, 2]);
  });

  it('gives racing additions distinct consecutive numbers and leaves exactly one current', async () => {
    const agentId = await saveAgent(ana, { prompt: FIRST_PROMPT });
    const added = await Promise.all(
      Array.from({ length: 6 }, (_, index) => addVersion(ana, { agentId, prompt: `Variante ${index}` }).expect(201)),
    );
    expect(added.map((response) => response.body.version).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7]);
    await Promise.all([setCurrent(ana, agentId, 3).expect(200), setCurrent(ana, agentId, 5).expect(200)]);
    const versions = await versionsOf(ana, agentId);
    expect(versions).toHaveLength(7);
    expect(versions.filter((version) => version.isCurrentVersion)).toHaveLength(1);
  });

  it('lists the current prompt of each of the caller’s agents only', async () => {
    const mine = await saveAgent(bob, { prompt: 'Prompt de Bob' });
    await saveAgent(bob, { name: 'Sin prompt' });
    const { body } = await http().get('/api/agent-prompts').set(bob.authorization).expect(200);
    expect(body).toEqual([expect.objectContaining({ agentId: mine, prompt: 'Prompt de Bob', isCurrentVersion: true })]);
  });

  it('deletes the whole prompt: none afterwards (404); deleting the agent takes its versions along', async () => {
    const agentId = await saveAgent(ana, { prompt: FIRST_PROMPT });
    await http().delete(`/api/agent-prompts/${agentId}`).set(ana.authorization).expect(200);
    await http().get(`/api/agent-prompts/${agentId}`).set(ana.authorization).expect(404);
    expect(await versionsOf(ana, agentId)).toEqual([]);
    await http().delete(`/api/agent-prompts/${agentId}`).set(ana.authorization).expect(404);
    expect((await addVersion(ana, { agentId, prompt: SECOND_PROMPT }).expect(201)).body.version).toBe(1);
    await http().delete(`/api/agents/${agentId}`).set(ana.authorization).expect(200);
    await http().get(`/api/agent-prompts/${agentId}`).set(ana.authorization).expect(404);
  });

  describe('who may', () => {
    let publicAgent: string;
    let privateAgent: string;
    beforeAll(async () => {
      publicAgent = await saveAgent(ana, { prompt: FIRST_PROMPT, isPublic: true });
      privateAgent = await saveAgent(ana, { prompt: FIRST_PROMPT, isPublic: false });
    });

    const calls = (agentId: string) => [
      http().get(`/api/agent-prompts/${agentId}`),
      http().delete(`/api/agent-prompts/${agentId}`),
      http().post('/api/agent-prompts').send({ agentId, prompt: 'Intruso' }),
      http().get(`/api/fine-tuning/agent-prompts/${agentId}/versions`),
      http().get(`/api/fine-tuning/agent-prompts/${agentId}/versions/1`),
      http().delete(`/api/fine-tuning/agent-prompts/${agentId}/versions/1`),
      http().post(`/api/fine-tuning/agent-prompts/${agentId}/versions/1/set-current`),
      http().post(`/api/fine-tuning/agent-prompts/${agentId}/versions/1/test-run`),
      http().get(`/api/agent-prompts/${agentId}/test-cases`),
      http().post(`/api/agent-prompts/${agentId}/test-cases`).send({ question: '¿Hola?' }),
    ];

    it('refuses another user a public agent’s prompt (403) and hides a private one (404)', async () => {
      for (const call of calls(publicAgent)) {
        const { body } = await call.set(bob.authorization).expect(403);
        expect(body.message).toBe('Solo el creador del agente o un administrador puede ver o cambiar su prompt.');
      }
      for (const call of calls(privateAgent)) {
        const { body } = await call.set(bob.authorization).expect(404);
        expect(body.message).toBe('Agente no encontrado');
      }
      expect((await versionsOf(ana, publicAgent)).map((version) => version.prompt)).toEqual([FIRST_PROMPT]);
    });

    it('asks for a token', async () => {
      await http().get(`/api/agent-prompts/${publicAgent}`).expect(401);
    });

    it('lets an admin read and version another user’s private agent', async () => {
      await http().get(`/api/agent-prompts/${privateAgent}`).set(jefa.authorization).expect(200);
      const { body } = await addVersion(jefa, { agentId: privateAgent, prompt: SECOND_PROMPT }).expect(201);
      // Credited to the admin's public name: the agent's creator reads the versions (issue 29).
      expect(body).toMatchObject({ version: 2, createdBy: await handleOf(jefa) });
      expect(body.createdBy).not.toContain('@');
    });
  });

  describe('Mejorar con IA (POST /fine-tuning/enhance-prompt)', () => {
    const enhance = (body: object) => http().post('/api/fine-tuning/enhance-prompt').set(ana.authorization).send(body);

    it('refuses an empty or blank prompt with the spec’s message', async () => {
      for (const body of [{ prompt: '' }, { prompt: '   \n' }, {}, { prompt: 42 }]) {
        const { body: error } = await enhance(body).expect(400);
        expect(error.message).toBe('El prompt no puede estar vacío para ser mejorado.');
      }
      expect(fake.requests).toHaveLength(0);
    });

    it('has the model rewrite the prompt with the fixed Spanish instructions', async () => {
      fake.set({ reply: ['```\n', 'Eres un asesor fiscal experto.', ' Responde en español.', '\n```'] });
      const { body } = await enhance({ prompt: FIRST_PROMPT }).expect(200);
      expect(body).toEqual({ originalPrompt: FIRST_PROMPT, enhancedPrompt: 'Eres un asesor fiscal experto. Responde en español.' });
      const sent = fake.requests[0].body;
      expect(systemPromptOf(sent)).toContain('Eres un experto en ingeniería de prompts');
      expect(sent.messages.at(-1)).toEqual({ role: 'user', content: FIRST_PROMPT });
    });

    it('answers a model failure with the chat’s Spanish error', async () => {
      fake.set({ status: 429 });
      const { body } = await enhance({ prompt: FIRST_PROMPT }).expect(429);
      expect(body.message).toBe('El modelo está recibiendo demasiadas peticiones. Espera un momento y reenvía tu mensaje.');
    });
  });

  describe('test cases and test runs', () => {
    let agentId: string;
    const cases = (path = '') => `/api/agent-prompts/${agentId}/test-cases${path}`;
    const testRun = (version: number) =>
      http().post(`/api/fine-tuning/agent-prompts/${agentId}/versions/${version}/test-run`).set(ana.authorization);

    beforeAll(async () => {
      agentId = await saveAgent(ana, { prompt: FIRST_PROMPT, isPublic: false });
      await addVersion(ana, { agentId, prompt: SECOND_PROMPT }).expect(201);
      await setCurrent(ana, agentId, 1).expect(200);
    });

    it('adds, edits, lists and deletes test cases, checking patterns', async () => {
      const { body: first } = await http()
        .post(cases())
        .set(ana.authorization)
        .send({ question: ' ¿Qué IVA tiene el pan? ', expectation: { kind: 'contains', value: '4 %' } })
        .expect(201);
      expect(first).toMatchObject({ question: '¿Qué IVA tiene el pan?', expectation: { kind: 'contains', value: '4 %' } });
      const { body: second } = await http().post(cases()).set(ana.authorization).send({ question: 'Hola' }).expect(201);
      expect(second.expectation).toBeNull();

      const invalid = await http()
        .post(cases())
        .set(ana.authorization)
        .send({ question: 'x', expectation: { kind: 'matches', value: '(' } })
        .expect(400);
      expect(invalid.body.message).toBe('El patrón no es una expresión regular válida.');
      await http()
        .post(cases())
        .set(ana.authorization)
        .send({ question: 'x', expectation: { kind: 'parece', value: 'a' } })
        .expect(400);
      await http().post(cases()).set(ana.authorization).send({ question: '  ' }).expect(400);

      const { body: edited } = await http()
        .put(cases(`/${second.id}`))
        .set(ana.authorization)
        .send({ question: 'Hola de nuevo', expectation: { kind: 'not-contains', value: 'error' } })
        .expect(200);
      expect(edited).toMatchObject({ id: second.id, question: 'Hola de nuevo', expectation: { kind: 'not-contains', value: 'error' } });
      const { body: listed } = await http().get(cases()).set(ana.authorization).expect(200);
      expect(listed.map((testCase: { id: string }) => testCase.id)).toEqual([first.id, second.id]);

      await http().delete(cases(`/${first.id}`)).set(ana.authorization).expect(200);
      await http().delete(cases(`/${second.id}`)).set(ana.authorization).expect(200);
      await http().delete(cases(`/${second.id}`)).set(ana.authorization).expect(404);
      const { body: none } = await testRun(2).expect(409);
      expect(none.message).toBe('Añade al menos un caso de prueba antes de probar una versión.');
    });

    it('limits an agent to 20 test cases', async () => {
      const other = await saveAgent(ana, { prompt: FIRST_PROMPT });
      for (let index = 0; index < 20; index += 1) {
        await http().post(`/api/agent-prompts/${other}/test-cases`).set(ana.authorization).send({ question: `P${index}` }).expect(201);
      }
      const { body } = await http().post(`/api/agent-prompts/${other}/test-cases`).set(ana.authorization).send({ question: 'Una más' }).expect(409);
      expect(body.message).toBe('Un agente puede tener como máximo 20 casos de prueba.');
    });

    it('runs the cases on the candidate and the current version; set-current warns when the candidate passes fewer', async () => {
      const add = (body: object) => http().post(cases()).set(ana.authorization).send(body).expect(201);
      await add({ question: '¿IVA del pan?', expectation: { kind: 'contains', value: 'ley' } });
      await add({ question: '¿Y el de la leche?', expectation: { kind: 'matches', value: '^según\\b' } });
      await add({ question: 'Saluda', expectation: { kind: 'not-contains', value: 'adiós' } });
      // Version 1 (current) answers by the law; version 2 does not.
      fake.set({
        replyFor: (body) =>
          systemPromptOf(body) === FIRST_PROMPT ? ['Según la ley, ', 'un 4 %.'] : ['Es un 4 %. ', 'Adiós.'],
      });

      const { body: run } = await testRun(2).expect(200);
      expect(run).toMatchObject({ agentId, candidateVersion: 2, currentVersion: 1, total: 3, candidatePassed: 0, currentPassed: 3 });
      expect(run.results[0]).toMatchObject({
        question: '¿IVA del pan?',
        expectation: { kind: 'contains', value: 'ley' },
        candidate: { output: 'Es un 4 %. Adiós.', passed: false },
        current: { output: 'Según la ley, un 4 %.', passed: true },
      });
      expect(fake.requests).toHaveLength(6);

      const { body: warning } = await setCurrent(ana, agentId, 2).expect(409);
      expect(warning).toMatchObject({
        code: 'CandidatePassesFewerTests',
        message: expect.stringContaining('La versión candidata supera menos casos de prueba que la actual'),
      });
      await setCurrent(ana, agentId, 2, '?force=true').expect(200);

      // Version 1 is now the candidate, and passes more: no warning.
      const { body: back } = await testRun(1).expect(200);
      expect(back).toMatchObject({ candidateVersion: 1, currentVersion: 2, candidatePassed: 3, currentPassed: 0 });
      await setCurrent(ana, agentId, 1).expect(200);
    });

    it('fails only the cases whose model call fails, with the model’s Spanish error', async () => {
      fake.set({ status: 500 });
      const { body } = await testRun(2).expect(200);
      expect(body.candidatePassed).toBe(0);
      expect(body.results[0].candidate).toMatchObject({ output: '', passed: false, error: expect.stringContaining('El proveedor del modelo ha devuelto un error') });
    });
  });
});

describe('prompts without a model configured', () => {
  let testApp: TestApp;
  let ana: SignedInUser;

  beforeAll(async () => {
    testApp = await createTestApp({ ADMIN_EMAILS: 'jefa@example.com' });
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('tells a user the assistant is not available yet, and only an admin how to configure a model', async () => {
    const enhance = async (user: SignedInUser) =>
      (await request(testApp.server).post('/api/fine-tuning/enhance-prompt').set(user.authorization).send({ prompt: 'Eres un asesor.' }).expect(503))
        .body.message as string;
    expect(await enhance(ana)).toBe('El asistente todavía no está disponible. Vuelve a intentarlo más tarde.');
    expect(await enhance(await signUpAndSignIn(testApp, 'jefa@example.com'))).toContain('No hay ningún modelo de IA configurado');
  });
});
