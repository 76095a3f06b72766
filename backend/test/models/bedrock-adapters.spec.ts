import { Logger } from '@nestjs/common';
import { loadConfig } from '../../src/config/app-config';
import {
  ModelAbortedError,
  type ModelEvent,
  ModelNotConfiguredError,
  ModelProviderError,
  type ModelRequest,
  ModelThrottledError,
  ModelTimeoutError,
} from '../../src/modules/models/model-gateway';
import { createModelGateway, type ModelClientOverrides } from '../../src/modules/models/model-gateway.factory';
import type { RoutingModelGateway } from '../../src/modules/models/routing-model-gateway';
import { type BedrockFake, FAKE_AWS_CREDENTIALS, startBedrockFake } from '../fakes/bedrock-fake';
import { collect, collectUntilError, texts } from './model-events';

const DEFAULT_MODEL = 'anthropic.claude-3-5-sonnet-20240620-v1:0';
const REPLY = ['Hola', ', soy ', 'tu agente', ' ¿en qué te ayudo?'];

const agentChat = (overrides: Partial<ModelRequest> = {}): ModelRequest => ({
  audience: 'agent',
  sessionId: '0b6f3c1e-8f3a-4d1e-9c59-2a7e1f0d4b11',
  message: '¿Qué es un contrato de arras?',
  history: [
    { role: 'user', content: 'Hola' },
    { role: 'assistant', content: 'Hola, soy tu asesor legal.' },
  ],
  systemPrompt: 'Eres un asesor legal español. Responde con precisión.',
  modelId: 'anthropic.claude-3-haiku-20240307-v1:0',
  ...overrides,
});

describe('the Bedrock adapters, driven by the AWS SDK against a local event-stream fake', () => {
  let fake: BedrockFake;
  const gateways: RoutingModelGateway[] = [];

  /** A gateway from the real configuration loader, pointed at the fake with BEDROCK_ENDPOINT. */
  function bedrockGateway(env: Record<string, string> = {}, overrides: ModelClientOverrides = {}): RoutingModelGateway {
    const gateway = createModelGateway(
      loadConfig({ MODEL_PROVIDER: 'bedrock', BEDROCK_ENDPOINT: fake.url, PRODUCT_NAME: 'Acme', ...env }),
      { credentials: FAKE_AWS_CREDENTIALS, maxAttempts: 1, ...overrides },
    );
    gateways.push(gateway);
    return gateway;
  }

  beforeAll(async () => {
    Logger.overrideLogger(false);
    fake = await startBedrockFake({ reply: REPLY });
  });

  beforeEach(() => {
    fake.requests.length = 0;
    fake.set({
      reply: REPLY,
      exception: undefined,
      failAfter: undefined,
      status: undefined,
      errorType: undefined,
      hang: false,
      stallAfter: undefined,
      rawChunks: undefined,
      delayMs: 0,
    });
  });

  afterAll(async () => {
    for (const gateway of gateways) gateway.onApplicationShutdown();
    await fake.close();
    Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose']);
  });

  describe('agent chats (ConverseStream)', () => {
    it('streams the deltas in order and reports usage and the stop reason', async () => {
      const events = await collect(bedrockGateway().stream(agentChat()));
      expect(events).toEqual([
        ...REPLY.map((text) => ({ type: 'delta', text })),
        { type: 'done', usage: { inputTokens: 12, outputTokens: REPLY.length }, stopReason: 'end_turn', provider: 'bedrock' },
      ]);
    });

    it("sends the agent's system prompt, its model id, the history and the new message, signed with the credentials", async () => {
      await collect(bedrockGateway().stream(agentChat()));
      expect(fake.requests).toHaveLength(1);
      const [request] = fake.requests;
      expect(request.operation).toBe('ConverseStream');
      expect(request.modelId).toBe('anthropic.claude-3-haiku-20240307-v1:0');
      expect(request.body).toEqual({
        system: [{ text: 'Eres un asesor legal español. Responde con precisión.' }],
        messages: [
          { role: 'user', content: [{ text: 'Hola' }] },
          { role: 'assistant', content: [{ text: 'Hola, soy tu asesor legal.' }] },
          { role: 'user', content: [{ text: '¿Qué es un contrato de arras?' }] },
        ],
        inferenceConfig: { maxTokens: 2048 },
      });
      expect(request.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDFAKEBEDROCK\/\d{8}\/us-east-1\/bedrock\//);
    });

    it("puts the request's temperature (0 too) and max tokens in inferenceConfig; none: no temperature and 2048", async () => {
      await collect(bedrockGateway().stream(agentChat({ temperature: 0, maxTokens: 300 })));
      await collect(bedrockGateway().stream(agentChat({ temperature: 1, maxTokens: 8192 })));
      await collect(bedrockGateway().stream(agentChat()));
      expect(fake.requests.map((request) => request.body.inferenceConfig)).toEqual([
        { maxTokens: 300, temperature: 0 },
        { maxTokens: 8192, temperature: 1 },
        { maxTokens: 2048 },
      ]);
    });

    it('uses BEDROCK_MODEL_ID, by default Claude 3.5 Sonnet, when the agent names no model', async () => {
      await collect(bedrockGateway().stream(agentChat({ modelId: undefined })));
      await collect(bedrockGateway({ BEDROCK_MODEL_ID: 'us.anthropic.claude-3-7-sonnet-20250219-v1:0' }).stream(agentChat({ modelId: ' ' })));
      expect(fake.requests.map((request) => request.modelId)).toEqual([DEFAULT_MODEL, 'us.anthropic.claude-3-7-sonnet-20250219-v1:0']);
    });

    it('starts the conversation with the user and alternates roles, as Converse requires', async () => {
      await collect(
        bedrockGateway().stream(
          agentChat({
            history: [
              { role: 'assistant', content: 'Bienvenido' },
              { role: 'user', content: 'Primera pregunta' },
              { role: 'user', content: 'la reenvío' },
              { role: 'assistant', content: '   ' },
            ],
          }),
        ),
      );
      expect(fake.requests[0].body.messages).toEqual([
        { role: 'user', content: [{ text: 'Primera pregunta\n\nla reenvío\n\n¿Qué es un contrato de arras?' }] },
      ]);
    });

    it.each([
      ['throttlingException', ModelThrottledError, 'El modelo está recibiendo demasiadas peticiones. Espera un momento y reenvía tu mensaje.'],
      ['modelStreamErrorException', ModelProviderError, 'El proveedor del modelo ha devuelto un error (ModelStreamErrorException). Tu mensaje se ha guardado: puedes reenviarlo.'],
      ['validationException', ModelProviderError, 'El proveedor del modelo ha devuelto un error (ValidationException). Tu mensaje se ha guardado: puedes reenviarlo.'],
      ['internalServerException', ModelProviderError, 'El proveedor del modelo ha devuelto un error (InternalServerException). Tu mensaje se ha guardado: puedes reenviarlo.'],
      ['serviceUnavailableException', ModelProviderError, 'El proveedor del modelo ha devuelto un error (ServiceUnavailableException). Tu mensaje se ha guardado: puedes reenviarlo.'],
    ])('turns a mid-stream %s frame into the right error, after the deltas that came before it', async (exception, errorClass, message) => {
      fake.set({ exception, failAfter: 2 });
      const { events, error } = await collectUntilError(bedrockGateway().stream(agentChat()));
      expect(texts(events)).toEqual(REPLY.slice(0, 2));
      expect(events.some((event) => event.type === 'done')).toBe(false);
      expect(error).toBeInstanceOf(errorClass);
      expect((error as Error).message).toBe(message);
      expect((error as Error).message).not.toContain('from the fake');
    });

    it('turns an HTTP 429 ThrottlingException before the stream into ModelThrottledError', async () => {
      fake.set({ status: 429, errorType: 'ThrottlingException' });
      const { error } = await collectUntilError(bedrockGateway().stream(agentChat()));
      expect(error).toBeInstanceOf(ModelThrottledError);
    });

    it('retries a throttled call as the SDK does by default before giving up', async () => {
      fake.set({ status: 429, errorType: 'ThrottlingException' });
      const { error } = await collectUntilError(bedrockGateway({}, { maxAttempts: 2 }).stream(agentChat()));
      expect(error).toBeInstanceOf(ModelThrottledError);
      expect(fake.requests).toHaveLength(2);
    });

    it('turns a refused request (HTTP 400) into ModelProviderError with only the exception name', async () => {
      fake.set({ status: 400, errorType: 'ValidationException' });
      const { error } = await collectUntilError(bedrockGateway().stream(agentChat({ modelId: 'no-such-model' })));
      expect(error).toBeInstanceOf(ModelProviderError);
      expect((error as Error).message).toBe(
        'El proveedor del modelo ha devuelto un error (ValidationException). Tu mensaje se ha guardado: puedes reenviarlo.',
      );
    });

    it('gives up with ModelTimeoutError when Bedrock does not answer within MODEL_TIMEOUT_MS', async () => {
      fake.set({ hang: true });
      const started = Date.now();
      const { error } = await collectUntilError(bedrockGateway({ MODEL_TIMEOUT_MS: '300' }).stream(agentChat()));
      expect(error).toBeInstanceOf(ModelTimeoutError);
      expect((error as Error).message).toBe('El modelo ha tardado demasiado en responder. Tu mensaje se ha guardado: puedes reenviarlo.');
      expect(Date.now() - started).toBeLessThan(3000);
    });

    it('times out when the stream stalls between events, after the deltas that came before', async () => {
      fake.set({ stallAfter: 2 });
      const { events, error } = await collectUntilError(bedrockGateway({ MODEL_TIMEOUT_MS: '300' }).stream(agentChat()));
      expect(texts(events)).toEqual(REPLY.slice(0, 2));
      expect(error).toBeInstanceOf(ModelTimeoutError);
    });

    it('lets a slow but steady stream finish: the time-out is per event, not for the whole reply', async () => {
      fake.set({ delayMs: 150 });
      const events = await collect(bedrockGateway({ MODEL_TIMEOUT_MS: '400' }).stream(agentChat()));
      expect(texts(events)).toEqual(REPLY);
    });

    it("stops with ModelAbortedError when the caller's signal aborts mid-stream", async () => {
      fake.set({ delayMs: 100 });
      const controller = new AbortController();
      const received: ModelEvent[] = [];
      const failure = (async () => {
        for await (const event of bedrockGateway().stream(agentChat({ signal: controller.signal }))) {
          received.push(event);
          if (texts(received).length === 1) controller.abort();
        }
      })();
      await expect(failure).rejects.toBeInstanceOf(ModelAbortedError);
      expect(texts(received)).toEqual([REPLY[0]]);
    });

    it('does not call Bedrock at all when the signal is already aborted', async () => {
      const controller = new AbortController();
      controller.abort();
      await expect(collect(bedrockGateway().stream(agentChat({ signal: controller.signal })))).rejects.toBeInstanceOf(ModelAbortedError);
      expect(fake.requests).toHaveLength(0);
    });

    it("takes the credentials from the SDK's default chain (here, the environment)", async () => {
      const saved = { ...process.env };
      process.env.AWS_ACCESS_KEY_ID = 'AKIDFROMENVIRONMENT';
      process.env.AWS_SECRET_ACCESS_KEY = 'secret-from-environment';
      try {
        const gateway = createModelGateway(loadConfig({ MODEL_PROVIDER: 'bedrock', BEDROCK_ENDPOINT: fake.url }), { maxAttempts: 1 });
        gateways.push(gateway);
        await collect(gateway.stream(agentChat()));
      } finally {
        process.env = saved;
      }
      expect(fake.requests[0].headers.authorization).toContain('Credential=AKIDFROMENVIRONMENT/');
    });
  });

  describe('the main assistant', () => {
    it('asks the Bedrock agent (InvokeAgent) with the conversation as session, without trace', async () => {
      const gateway = bedrockGateway({ BEDROCK_AGENT_ID: 'GENERAL001', BEDROCK_AGENT_ALIAS_ID: 'ALIASGEN01' });
      const events = await collect(
        gateway.stream({ audience: 'main-assistant', sessionId: 'conv-42', message: 'Hola, ¿qué agentes hay?', history: [{ role: 'user', content: 'antes' }] }),
      );
      expect(events).toEqual([...REPLY.map((text) => ({ type: 'delta', text })), { type: 'done', stopReason: 'end_turn', provider: 'bedrock' }]);
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]).toMatchObject({
        operation: 'InvokeAgent',
        agentId: 'GENERAL001',
        aliasId: 'ALIASGEN01',
        sessionId: 'conv-42',
        body: { inputText: 'Hola, ¿qué agentes hay?', enableTrace: false },
      });
      expect(fake.requests[0].headers.authorization).toMatch(/\/bedrock\/aws4_request/);
    });

    it('keeps multi-byte characters whole when a chunk splits them', async () => {
      const bytes = Buffer.from('¿Cómo estás?', 'utf8');
      const split = bytes.indexOf(0xc3, 2) + 1; // between the two bytes of 'ó'
      fake.set({ rawChunks: [bytes.subarray(0, split), bytes.subarray(split)] });
      const gateway = bedrockGateway({ BEDROCK_AGENT_ID: 'GENERAL001', BEDROCK_AGENT_ALIAS_ID: 'ALIASGEN01' });
      const events = await collect(gateway.stream({ audience: 'main-assistant', sessionId: 'conv-42', message: 'hola', history: [] }));
      expect(texts(events).join('')).toBe('¿Cómo estás?');
    });

    it('turns a mid-stream throttlingException from the agent into ModelThrottledError', async () => {
      fake.set({ exception: 'throttlingException', failAfter: 1 });
      const gateway = bedrockGateway({ BEDROCK_AGENT_ID: 'GENERAL001', BEDROCK_AGENT_ALIAS_ID: 'ALIASGEN01' });
      const { events, error } = await collectUntilError(
        gateway.stream({ audience: 'main-assistant', sessionId: 'conv-42', message: 'hola', history: [] }),
      );
      expect(texts(events)).toEqual([REPLY[0]]);
      expect(error).toBeInstanceOf(ModelThrottledError);
    });

    it('turns other agent failures (dependencyFailedException) into ModelProviderError', async () => {
      fake.set({ exception: 'dependencyFailedException' });
      const gateway = bedrockGateway({ BEDROCK_AGENT_ID: 'GENERAL001', BEDROCK_AGENT_ALIAS_ID: 'ALIASGEN01' });
      const { error } = await collectUntilError(gateway.stream({ audience: 'main-assistant', sessionId: 'conv-42', message: 'hola', history: [] }));
      expect(error).toBeInstanceOf(ModelProviderError);
      expect((error as Error).message).toContain('(DependencyFailedException)');
    });

    it('without an agent id, asks BEDROCK_MODEL_ID with a Spanish prompt that names the product', async () => {
      const gateway = bedrockGateway();
      expect(gateway.isConfigured('main-assistant')).toBe(true);
      await collect(
        gateway.stream({ audience: 'main-assistant', sessionId: 'conv-1', message: 'Hola', history: [], modelId: 'anthropic.claude-3-haiku-20240307-v1:0' }),
      );
      const [request] = fake.requests;
      expect(request.operation).toBe('ConverseStream');
      expect(request.modelId).toBe(DEFAULT_MODEL);
      expect(request.body.system[0].text).toMatch(/^Eres el asistente principal de Acme, /);
    });
  });

  describe('Seshat (the chatbot audience)', () => {
    it('asks the chatbot agent when BEDROCK_CHATBOT_AGENT_ID is set', async () => {
      const gateway = bedrockGateway({
        BEDROCK_AGENT_ID: 'GENERAL001',
        BEDROCK_AGENT_ALIAS_ID: 'ALIASGEN01',
        BEDROCK_CHATBOT_AGENT_ID: 'SESHAT0001',
        BEDROCK_CHATBOT_AGENT_ALIAS_ID: 'ALIASSES01',
      });
      await collect(gateway.stream({ audience: 'chatbot', sessionId: 'visitor:1', message: '¿Cómo publico un agente?', history: [] }));
      expect(fake.requests[0]).toMatchObject({ operation: 'InvokeAgent', agentId: 'SESHAT0001', aliasId: 'ALIASSES01', sessionId: 'visitor:1' });
    });

    it('is not configured without its agent, and says so in Spanish without calling Bedrock', async () => {
      const gateway = bedrockGateway();
      expect(gateway.isConfigured('chatbot')).toBe(false);
      const { error } = await collectUntilError(gateway.stream({ audience: 'chatbot', sessionId: 's1', message: 'hola', history: [] }));
      expect(error).toBeInstanceOf(ModelNotConfiguredError);
      expect((error as Error).message).toMatch(/^No hay ningún modelo de IA configurado\./);
      expect(fake.requests).toHaveLength(0);
    });
  });
});
