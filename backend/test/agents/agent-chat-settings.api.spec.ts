import { Logger } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Agent } from '../../src/modules/agents/entities/agent.entity';
import { type BedrockFake, bedrockFakeEnv, startBedrockFake, useFakeAwsCredentials } from '../fakes/bedrock-fake';
import { type OpenAiFake, startOpenAiFake } from '../fakes/openai-fake';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(30_000);

const BEDROCK_MODEL = 'us.anthropic.claude-3-5-sonnet-20240620-v1:0';
const LOCAL_MODEL = 'qwen2.5';
const AGENT = { name: 'Asesor Fiscal', category: 'finance', description: 'Impuestos al día', price: 0, isPublic: false, prompt: 'Eres un asesor fiscal.' };
const STARTERS = ['¿Qué gastos puedo deducir?', '¿Cuándo presento el IVA?'];

/**
 * An agent's conversation starters, temperature and longest answer (issue 31): validated in
 * Spanish, stored, returned, and sent to whichever provider answers the agent's chats and its
 * published API's calls (the fakes record what reached them).
 */
describe("an agent's conversation starters, temperature and maximum answer length", () => {
  let bedrock: BedrockFake;
  let openAi: OpenAiFake;
  let restoreCredentials: () => void;
  let testApp: TestApp;
  let ana: SignedInUser;
  const http = () => request(testApp.server);
  const save = (body: object) => http().post('/api/agents').set(ana.authorization).send({ ...AGENT, ...body });

  beforeAll(async () => {
    Logger.overrideLogger(false);
    restoreCredentials = useFakeAwsCredentials();
    bedrock = await startBedrockFake({ reply: ['Hola desde Bedrock'] });
    openAi = await startOpenAiFake({ reply: ['Hola desde el servidor local'], models: ['llama3.1', LOCAL_MODEL] });
    testApp = await createTestApp(
      bedrockFakeEnv(bedrock, {
        MODEL_PROVIDER: 'bedrock,openai-compatible',
        OPENAI_BASE_URL: openAi.url,
        OPENAI_MODEL: 'llama3.1',
        OPENAI_API_KEY: 'clave-local',
        RATE_LIMIT_AGENTS_PER_HOUR: '1000',
      }),
    );
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
  });

  beforeEach(() => {
    bedrock.requests.length = 0;
    openAi.requests.length = 0;
  });

  afterAll(async () => {
    await testApp.close();
    await bedrock.close();
    await openAi.close();
    restoreCredentials();
    Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose']);
  });

  const chatWith = async (agentId: string) => {
    const { body: conversation } = await http().post('/api/conversations').set(ana.authorization).send({ metadata: { agentId } }).expect(201);
    await http().post('/api/bedrock/agents/chat').set(ana.authorization).send({ conversationId: conversation.id, message: 'Hola' }).expect(200);
  };
  const invokePublished = async (agentId: string) => {
    const { body: published } = await http().post(`/api/agent/${agentId}/publication`).set(ana.authorization).send({}).expect(201);
    await http().post(`/api/v1/agent/${agentId}/invoke`).set('Authorization', `Bearer ${published.apiKey.secret}`).send({ input: '¿Qué impuestos pago?' }).expect(200);
  };

  describe('validation, in Spanish', () => {
    it.each([
      [{ conversationStarters: ['a', 'b', 'c', 'd', 'e'] }, 'conversationStarters admite como máximo 4 frases de inicio'],
      [{ conversationStarters: ['¿Qué deduzco?', '   '] }, 'cada frase de inicio (conversationStarters) debe tener entre 1 y 200 caracteres'],
      [{ conversationStarters: ['x'.repeat(201)] }, 'cada frase de inicio (conversationStarters) debe tener entre 1 y 200 caracteres'],
      [{ conversationStarters: 'Hola' }, 'conversationStarters debe ser una lista de textos'],
      [{ conversationStarters: ['Hola', ' Hola '] }, 'conversationStarters no puede repetir una frase de inicio'],
      [{ temperature: 1.5 }, 'temperature debe estar entre 0 y 1'],
      [{ temperature: -0.1 }, 'temperature debe estar entre 0 y 1'],
      [{ temperature: 0.255 }, 'temperature debe ser un número con como máximo 2 decimales'],
      [{ temperature: 'alta' }, 'temperature debe ser un número con como máximo 2 decimales'],
      [{ maxAnswerTokens: 0 }, 'maxAnswerTokens debe estar entre 1 y 8192'],
      [{ maxAnswerTokens: 8193 }, 'maxAnswerTokens debe estar entre 1 y 8192'],
      [{ maxAnswerTokens: 100.5 }, 'maxAnswerTokens debe ser un número entero de tokens'],
    ])('refuses %j with 400', async (body, message) => {
      const { body: answer } = await save({ name: 'No se guarda', ...body }).expect(400);
      expect(answer.statusCode).toBe(400);
      expect(answer.message).toContain(message);
    });

    it('stores nothing from a refused update', async () => {
      const { body: agent } = await save({ conversationStarters: STARTERS, temperature: 0.3 }).expect(201);
      await save({ id: agent.id, conversationStarters: [...STARTERS, 'c', 'd', 'e'], temperature: 2 }).expect(400);
      const { body } = await http().get(`/api/agents/${agent.id}`).set(ana.authorization).expect(200);
      expect(body).toMatchObject({ conversationStarters: STARTERS, temperature: 0.3 });
    });
  });

  describe('persistence', () => {
    it('stores them trimmed and returns them; an agent saved without them has none (the providers’ defaults)', async () => {
      const { body: created } = await save({ conversationStarters: ['  ¿Qué gastos puedo deducir?  ', '¿Cuándo presento el IVA?'], temperature: 0.25, maxAnswerTokens: 512 }).expect(201);
      expect(created).toMatchObject({ conversationStarters: STARTERS, temperature: 0.25, maxAnswerTokens: 512 });
      expect((await http().get(`/api/agents/${created.id}`).set(ana.authorization).expect(200)).body).toMatchObject({
        conversationStarters: STARTERS,
        temperature: 0.25,
        maxAnswerTokens: 512,
      });

      const { body: plain } = await save({ name: 'Sin ajustes' }).expect(201);
      expect(plain).toMatchObject({ conversationStarters: [], temperature: null, maxAnswerTokens: null });
    });

    it('keeps them on an update that leaves them out, changes them when sent, and null returns to the default', async () => {
      const { body: agent } = await save({ conversationStarters: STARTERS, temperature: 0.7, maxAnswerTokens: 1000 }).expect(201);
      const { body: untouched } = await save({ id: agent.id, description: 'Impuestos y deducciones' }).expect(200);
      expect(untouched).toMatchObject({ description: 'Impuestos y deducciones', conversationStarters: STARTERS, temperature: 0.7, maxAnswerTokens: 1000 });

      const { body: changed } = await save({ id: agent.id, conversationStarters: ['¿Me conviene ser autónomo?'], temperature: 0, maxAnswerTokens: 8192 }).expect(200);
      expect(changed).toMatchObject({ conversationStarters: ['¿Me conviene ser autónomo?'], temperature: 0, maxAnswerTokens: 8192 });

      const { body: cleared } = await save({ id: agent.id, conversationStarters: [], temperature: null, maxAnswerTokens: null }).expect(200);
      expect(cleared).toMatchObject({ conversationStarters: [], temperature: null, maxAnswerTokens: null });
    });

    it('shows them in listings too (the marketplace reads rows, not entities)', async () => {
      const { body: agent } = await save({ name: 'Asesor Público', isPublic: true, conversationStarters: STARTERS, temperature: 0.5, maxAnswerTokens: 300 }).expect(201);
      const { body: page } = await http().get('/api/agents').query({ public: 'true', search: 'Asesor Público' }).expect(200);
      const listed = (page.items ?? page).find((item: { id: string }) => item.id === agent.id);
      expect(listed).toMatchObject({ conversationStarters: STARTERS, temperature: 0.5, maxAnswerTokens: 300 });
    });
  });

  describe('what reaches the providers', () => {
    it("sends the agent's temperature and max_tokens to the OpenAI-compatible server, in a chat turn and in a published call", async () => {
      const { body: agent } = await save({ modelConfig: { modelId: LOCAL_MODEL }, temperature: 0.2, maxAnswerTokens: 256 }).expect(201);
      await chatWith(agent.id);
      await invokePublished(agent.id);
      expect(openAi.requests).toHaveLength(2);
      for (const { body } of openAi.requests) expect(body).toMatchObject({ model: LOCAL_MODEL, temperature: 0.2, max_tokens: 256 });
      expect(bedrock.requests).toHaveLength(0);
    });

    it("sends them in Bedrock's inferenceConfig, in a chat turn and in a published call", async () => {
      const { body: agent } = await save({ modelConfig: { modelId: BEDROCK_MODEL }, temperature: 0.9, maxAnswerTokens: 4000 }).expect(201);
      await chatWith(agent.id);
      await invokePublished(agent.id);
      const converse = bedrock.requests.filter((request) => request.operation === 'ConverseStream');
      expect(converse).toHaveLength(2);
      for (const request of converse) {
        expect(request.modelId).toBe(BEDROCK_MODEL);
        expect(request.body.inferenceConfig).toEqual({ maxTokens: 4000, temperature: 0.9 });
      }
    });

    it("sends no temperature and the deployment's length (2048) for an agent without them, as before", async () => {
      const local = (await save({ name: 'Local sin ajustes', modelConfig: { modelId: LOCAL_MODEL } }).expect(201)).body.id as string;
      const onBedrock = (await save({ name: 'Bedrock sin ajustes', modelConfig: { modelId: BEDROCK_MODEL } }).expect(201)).body.id as string;
      await chatWith(local);
      await chatWith(onBedrock);
      expect(openAi.requests[0].body.max_tokens).toBe(2048);
      expect(openAi.requests[0].body).not.toHaveProperty('temperature');
      expect(bedrock.requests.find((request) => request.operation === 'ConverseStream')?.body.inferenceConfig).toEqual({ maxTokens: 2048 });
    });

    it('an agent stored before the settings existed (NULL columns) chats with the defaults', async () => {
      const { body: agent } = await save({ name: 'Antiguo', modelConfig: { modelId: LOCAL_MODEL }, temperature: 0.4 }).expect(201);
      await testApp.app.get(DataSource).getRepository(Agent).update({ id: agent.id }, { temperature: null, maxAnswerTokens: null });
      await chatWith(agent.id);
      expect(openAi.requests[0].body).not.toHaveProperty('temperature');
      expect(openAi.requests[0].body.max_tokens).toBe(2048);
    });

    it('a changed setting applies to the next published call', async () => {
      const { body: agent } = await save({ name: 'Cambiante', modelConfig: { modelId: LOCAL_MODEL }, temperature: 0.1 }).expect(201);
      const { body: published } = await http().post(`/api/agent/${agent.id}/publication`).set(ana.authorization).send({}).expect(201);
      const call = () =>
        http().post(`/api/v1/agent/${agent.id}/invoke`).set('Authorization', `Bearer ${published.apiKey.secret}`).send({ input: 'Hola' }).expect(200);
      await call();
      await save({ id: agent.id, name: 'Cambiante', temperature: 0.8, maxAnswerTokens: 64 }).expect(200);
      // The key's agent is kept for a moment (KEY_CACHE_MS); a later call reads the change.
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      await call();
      expect(openAi.requests.map(({ body }) => [body.temperature, body.max_tokens])).toEqual([
        [0.1, 2048],
        [0.8, 64],
      ]);
    });
  });
});
