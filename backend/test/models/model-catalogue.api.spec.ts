import { Logger } from '@nestjs/common';
import request from 'supertest';
import { loadConfig } from '../../src/config/app-config';
import { ModelCatalogue } from '../../src/modules/models/model-catalogue';
import { createModelCatalogue, createModelGateway } from '../../src/modules/models/model-gateway.factory';
import type { RoutingModelGateway } from '../../src/modules/models/routing-model-gateway';
import { type BedrockFake, bedrockFakeEnv, FAKE_AWS_CREDENTIALS, startBedrockFake, useFakeAwsCredentials } from '../fakes/bedrock-fake';
import { type OpenAiFake, startOpenAiFake } from '../fakes/openai-fake';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { collect, texts } from './model-events';

const BEDROCK_TEXT_MODELS = [
  { id: 'anthropic.claude-3-5-sonnet-20240620-v1:0', name: 'Anthropic Claude 3.5 Sonnet', provider: 'bedrock' },
  { id: 'us.anthropic.claude-3-5-sonnet-20240620-v1:0', name: 'US Anthropic Claude 3.5 Sonnet', provider: 'bedrock' },
  { id: 'us.meta.llama3-2-90b-instruct-v1:0', name: 'US Meta Llama 3.2 90B Instruct', provider: 'bedrock' },
];

describe('the model catalogue', () => {
  let bedrock: BedrockFake;
  let openAi: OpenAiFake;
  let restoreCredentials: () => void;

  beforeAll(async () => {
    Logger.overrideLogger(false);
    restoreCredentials = useFakeAwsCredentials();
    bedrock = await startBedrockFake({ reply: ['Hola desde Bedrock'] });
    openAi = await startOpenAiFake({ reply: ['Hola desde el servidor local'], models: ['llama3.1', 'qwen2.5'] });
  });

  afterAll(async () => {
    await bedrock.close();
    await openAi.close();
    restoreCredentials();
    Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose']);
  });

  beforeEach(() => {
    bedrock.setControl({});
    bedrock.controlRequests.length = 0;
    bedrock.requests.length = 0;
    openAi.set({ models: ['llama3.1', 'qwen2.5'], modelsStatus: undefined });
    openAi.modelListRequests.length = 0;
    openAi.requests.length = 0;
  });

  const bothEnv = (first: 'bedrock' | 'openai-compatible' = 'bedrock') =>
    bedrockFakeEnv(bedrock, {
      MODEL_PROVIDER: first === 'bedrock' ? 'bedrock,openai-compatible' : 'openai-compatible,bedrock',
      OPENAI_BASE_URL: openAi.url,
      OPENAI_MODEL: 'llama3.1',
      OPENAI_API_KEY: 'clave-local',
    });

  describe('GET /api/models', () => {
    let testApp: TestApp;
    let ana: SignedInUser;

    beforeAll(async () => {
      testApp = await createTestApp(bothEnv());
      ana = await signUpAndSignIn(testApp, 'ana@example.com');
    });

    afterAll(() => testApp.close());

    it('needs a signed-in caller', async () => {
      await request(testApp.server).get('/api/models').expect(401);
    });

    it("lists Bedrock's on-demand text models and inference profiles, then the local server's models", async () => {
      const { body } = await request(testApp.server).get('/api/models').set(ana.authorization).expect(200);
      expect(body).toEqual({
        models: [
          ...BEDROCK_TEXT_MODELS,
          { id: 'llama3.1', name: 'llama3.1', provider: 'openai-compatible' },
          { id: 'qwen2.5', name: 'qwen2.5', provider: 'openai-compatible' },
        ],
        unavailable: [],
      });
      // Bedrock filters by modality and inference type itself; the server is asked with its key.
      const foundation = new URL(bedrock.controlRequests.find((call) => call.url.startsWith('/foundation-models'))!.url, 'http://x');
      expect(Object.fromEntries(foundation.searchParams)).toEqual({ byOutputModality: 'TEXT', byInferenceType: 'ON_DEMAND' });
      expect(openAi.modelListRequests[0].headers.authorization).toBe('Bearer clave-local');
    });
  });

  it('answers an empty list when no provider is configured', async () => {
    const testApp = await createTestApp();
    try {
      const ana = await signUpAndSignIn(testApp, 'ana@example.com');
      const { body } = await request(testApp.server).get('/api/models').set(ana.authorization).expect(200);
      expect(body).toEqual({ models: [], unavailable: [] });
    } finally {
      await testApp.close();
    }
  });

  it('keeps listing the other providers when one fails, and names the one that did', async () => {
    openAi.set({ modelsStatus: 500 });
    const catalogue = createModelCatalogue(loadConfig(bothEnv()), { credentials: FAKE_AWS_CREDENTIALS, maxAttempts: 1 });
    expect(await catalogue.list()).toEqual({ models: BEDROCK_TEXT_MODELS, unavailable: ['openai-compatible'] });

    bedrock.setControl({ status: 403, errorType: 'AccessDeniedException' });
    const openAiOnly = createModelCatalogue(loadConfig(bothEnv()), { credentials: FAKE_AWS_CREDENTIALS, maxAttempts: 1 });
    openAi.set({ modelsStatus: undefined });
    expect(await openAiOnly.list()).toEqual({
      models: [
        { id: 'llama3.1', name: 'llama3.1', provider: 'openai-compatible' },
        { id: 'qwen2.5', name: 'qwen2.5', provider: 'openai-compatible' },
      ],
      unavailable: ['bedrock'],
    });
  });

  it('reads every page of inference profiles', async () => {
    const profiles = Array.from({ length: 130 }, (_, index) => ({ inferenceProfileId: `perfil-${index}`, inferenceProfileName: `Perfil ${index}` }));
    bedrock.setControl({ foundationModels: [], inferenceProfiles: profiles });
    const catalogue = createModelCatalogue(loadConfig(bedrockFakeEnv(bedrock)), { credentials: FAKE_AWS_CREDENTIALS });
    const { models } = await catalogue.list();
    expect(models.map((model) => model.id)).toEqual(profiles.map((profile) => profile.inferenceProfileId));
  });

  it('asks each provider again only after a minute (after a failure, after a few seconds)', async () => {
    let now = 0;
    const catalogue = createModelCatalogue(loadConfig(bothEnv()), { credentials: FAKE_AWS_CREDENTIALS, maxAttempts: 1 }, {
      ttlMs: 60_000,
      failureTtlMs: 10_000,
      timeoutMs: 5_000,
      now: () => now,
    });
    await catalogue.list();
    now = 59_000;
    await catalogue.list();
    expect(openAi.modelListRequests).toHaveLength(1);
    now = 60_001;
    openAi.set({ modelsStatus: 503 });
    expect((await catalogue.list()).unavailable).toEqual(['openai-compatible']);
    expect(openAi.modelListRequests).toHaveLength(2);
    openAi.set({ modelsStatus: undefined });
    now = 65_000;
    expect((await catalogue.list()).unavailable).toEqual(['openai-compatible']);
    now = 70_002;
    expect((await catalogue.list()).unavailable).toEqual([]);
    expect(openAi.modelListRequests).toHaveLength(3);
  });

  it('gives up on a provider that does not answer in time, keeping the others', async () => {
    const hanging = new ModelCatalogue(
      [
        { provider: 'bedrock', list: (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))) },
        { provider: 'openai-compatible', list: async () => [{ id: 'llama3.1', name: 'llama3.1', provider: 'openai-compatible' }] },
      ],
      { ttlMs: 60_000, failureTtlMs: 10_000, timeoutMs: 50 },
    );
    expect(await hanging.list()).toEqual({ models: [{ id: 'llama3.1', name: 'llama3.1', provider: 'openai-compatible' }], unavailable: ['bedrock'] });
  });

  describe('routing an agent chat to the provider that lists its model', () => {
    const gateways: RoutingModelGateway[] = [];
    const gateway = (env: Record<string, string>) => {
      const created = createModelGateway(loadConfig(env), { credentials: FAKE_AWS_CREDENTIALS, maxAttempts: 1 });
      gateways.push(created);
      return created;
    };
    const agentChat = (modelId?: string) => ({
      audience: 'agent' as const,
      sessionId: 'conversacion-1',
      message: 'Hola',
      history: [],
      systemPrompt: 'Eres un asistente de pruebas.',
      modelId,
    });

    afterAll(() => {
      for (const created of gateways) created.onApplicationShutdown();
    });

    it.each(['bedrock', 'openai-compatible'] as const)('with %s first: a model of the local server goes there, on that model', async (first) => {
      const routed = gateway(bothEnv(first));
      expect(texts(await collect(routed.stream(agentChat('qwen2.5'))))).toEqual(['Hola desde el servidor local']);
      expect(openAi.requests).toHaveLength(1);
      expect(openAi.requests[0].body).toMatchObject({ model: 'qwen2.5', messages: expect.arrayContaining([{ role: 'system', content: 'Eres un asistente de pruebas.' }]) });
      expect(bedrock.requests).toHaveLength(0);
    });

    it.each(['bedrock', 'openai-compatible'] as const)('with %s first: a Bedrock model or profile goes to ConverseStream on it', async (first) => {
      const routed = gateway(bothEnv(first));
      expect(texts(await collect(routed.stream(agentChat('us.anthropic.claude-3-5-sonnet-20240620-v1:0'))))).toEqual(['Hola desde Bedrock']);
      expect(bedrock.requests).toMatchObject([{ operation: 'ConverseStream', modelId: 'us.anthropic.claude-3-5-sonnet-20240620-v1:0' }]);
      expect(openAi.requests).toHaveLength(0);
    });

    it('sends a model nobody lists, or no model, to the first provider with its default model', async () => {
      const routed = gateway(bothEnv('openai-compatible'));
      await collect(routed.stream(agentChat('modelo-retirado')));
      await collect(routed.stream(agentChat()));
      expect(openAi.requests.map((call) => call.body.model)).toEqual(['llama3.1', 'llama3.1']);
      expect(bedrock.requests).toHaveLength(0);
    });

    it('answers on the default model when the catalogue cannot be read', async () => {
      openAi.set({ modelsStatus: 500 });
      const routed = gateway(bothEnv('openai-compatible'));
      expect(texts(await collect(routed.stream(agentChat('qwen2.5'))))).toEqual(['Hola desde el servidor local']);
      expect(openAi.requests[0].body.model).toBe('llama3.1');
    });

    it('with Bedrock alone, asks no catalogue: ConverseStream takes the model as it is', async () => {
      const routed = gateway(bedrockFakeEnv(bedrock));
      await collect(routed.stream(agentChat('arn:aws:bedrock:us-east-1:123456789012:provisioned-model/abc')));
      expect(bedrock.controlRequests).toHaveLength(0);
      expect(bedrock.requests[0].modelId).toBe('arn:aws:bedrock:us-east-1:123456789012:provisioned-model/abc');
    });
  });
});
