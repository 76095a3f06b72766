import { createServer } from 'node:net';
import { Logger } from '@nestjs/common';
import { loadConfig } from '../../src/config/app-config';
import {
  ModelAbortedError,
  type ModelEvent,
  ModelProviderError,
  type ModelRequest,
  ModelThrottledError,
  ModelTimeoutError,
} from '../../src/modules/models/model-gateway';
import { createModelGateway } from '../../src/modules/models/model-gateway.factory';
import type { RoutingModelGateway } from '../../src/modules/models/routing-model-gateway';
import { type OpenAiFake, startOpenAiFake } from '../fakes/openai-fake';
import { collect, collectUntilError, texts } from './model-events';

const REPLY = ['Claro', ', te ', 'lo explico', '.'];

/**
 * The next call comes after the pool has taken back the connection of the reply just read, as a
 * later turn does: a call made in the very tick a reply ends finds it still busy and opens another.
 */
const afterTheReply = () => new Promise((resolve) => setImmediate(resolve));

const agentChat = (overrides: Partial<ModelRequest> = {}): ModelRequest => ({
  audience: 'agent',
  sessionId: 'conv-1',
  message: 'Explícame qué es el IVA',
  history: [
    { role: 'user', content: 'Hola' },
    { role: 'assistant', content: 'Hola, soy tu asesor fiscal.' },
  ],
  systemPrompt: 'Eres un asesor fiscal.',
  modelId: 'anthropic.claude-3-5-sonnet-20240620-v1:0',
  ...overrides,
});

describe('the OpenAI-compatible adapter, over HTTP against a local SSE fake', () => {
  let fake: OpenAiFake;
  const gateways: RoutingModelGateway[] = [];

  function openAiGateway(env: Record<string, string> = {}): RoutingModelGateway {
    const gateway = createModelGateway(
      loadConfig({ MODEL_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'llama3.1', PRODUCT_NAME: 'Acme', ...env }),
    );
    gateways.push(gateway);
    return gateway;
  }

  beforeAll(async () => {
    Logger.overrideLogger(false);
    fake = await startOpenAiFake({ reply: REPLY });
  });

  beforeEach(() => {
    fake.requests.length = 0;
    fake.set({ reply: REPLY, status: undefined, failAfter: undefined, cutOffWith: undefined, hang: false, delayMs: 0 });
  });

  afterAll(async () => {
    for (const gateway of gateways) gateway.onApplicationShutdown();
    await fake.close();
    Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose']);
  });

  it('answers every audience', () => {
    const gateway = openAiGateway();
    expect(['main-assistant', 'agent', 'chatbot'].map((audience) => gateway.isConfigured(audience as ModelRequest['audience']))).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('streams the deltas in order and reports usage and the finish reason', async () => {
    const events = await collect(openAiGateway().stream(agentChat()));
    expect(events).toEqual([
      ...REPLY.map((text) => ({ type: 'delta', text })),
      { type: 'done', usage: { inputTokens: 12, outputTokens: REPLY.length }, stopReason: 'stop', provider: 'openai-compatible' },
    ]);
  });

  it('posts a streaming chat completion with OPENAI_MODEL, the system prompt, the history and the message', async () => {
    await collect(openAiGateway({ OPENAI_API_KEY: 'sk-local-123' }).stream(agentChat()));
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-local-123');
    expect(request.body).toEqual({
      model: 'llama3.1',
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 2048,
      messages: [
        { role: 'system', content: 'Eres un asesor fiscal.' },
        { role: 'user', content: 'Hola' },
        { role: 'assistant', content: 'Hola, soy tu asesor fiscal.' },
        { role: 'user', content: 'Explícame qué es el IVA' },
      ],
    });
  });

  it("sends the request's temperature (0 too) and max_tokens, streamed or whole; none: no temperature and 2048", async () => {
    await collect(openAiGateway().stream(agentChat({ temperature: 0, maxTokens: 300 })));
    await collect(openAiGateway().stream(agentChat({ temperature: 0.65, maxTokens: 8192, wholeReply: true })));
    await collect(openAiGateway().stream(agentChat()));
    expect(fake.requests[0].body).toMatchObject({ stream: true, temperature: 0, max_tokens: 300 });
    expect(fake.requests[1].body).toMatchObject({ stream: false, temperature: 0.65, max_tokens: 8192 });
    expect(fake.requests[2].body.max_tokens).toBe(2048);
    expect(fake.requests[2].body).not.toHaveProperty('temperature');
  });

  it('sends no Authorization header without OPENAI_API_KEY', async () => {
    await collect(openAiGateway().stream(agentChat()));
    expect(fake.requests[0].headers.authorization).toBeUndefined();
  });

  it('gives the main assistant and Seshat their default Spanish prompts', async () => {
    const gateway = openAiGateway();
    await collect(gateway.stream({ audience: 'main-assistant', sessionId: 'c', message: 'Hola', history: [] }));
    await collect(gateway.stream({ audience: 'chatbot', sessionId: 'c', message: 'Hola', history: [] }));
    expect(fake.requests[0].body.messages[0]).toEqual({ role: 'system', content: expect.stringMatching(/^Eres el asistente principal de Acme, /) });
    expect(fake.requests[1].body.messages[0]).toEqual({ role: 'system', content: expect.stringMatching(/^Eres Seshat, el asistente flotante de Acme, /) });
  });

  it('turns a 429 answer into ModelThrottledError with the Spanish message', async () => {
    fake.set({ status: 429 });
    const { error } = await collectUntilError(openAiGateway().stream(agentChat()));
    expect(error).toBeInstanceOf(ModelThrottledError);
    expect((error as Error).message).toBe('El modelo está recibiendo demasiadas peticiones. Espera un momento y reenvía tu mensaje.');
  });

  it('turns a server error into ModelProviderError naming only the status', async () => {
    fake.set({ status: 500 });
    const { error } = await collectUntilError(openAiGateway().stream(agentChat()));
    expect(error).toBeInstanceOf(ModelProviderError);
    expect((error as Error).message).toBe('El proveedor del modelo ha devuelto un error (HTTP 500). Tu mensaje se ha guardado: puedes reenviarlo.');
  });

  it('turns an error event in the middle of the stream into ModelProviderError, after the deltas before it', async () => {
    fake.set({ failAfter: 2 });
    const { events, error } = await collectUntilError(openAiGateway().stream(agentChat()));
    expect(texts(events)).toEqual(REPLY.slice(0, 2));
    expect(error).toBeInstanceOf(ModelProviderError);
    expect((error as Error).message).not.toContain('crashed');
  });

  it('turns a reply cut off in the middle of an event into ModelProviderError, after the deltas before it', async () => {
    fake.set({ cutOffWith: 'data: {"choices": [{"delta": {"content": "Cla' });
    const { events, error } = await collectUntilError(openAiGateway({ MODEL_TIMEOUT_MS: '2000' }).stream(agentChat()));
    expect(texts(events)).toEqual(REPLY);
    expect(error).toBeInstanceOf(ModelProviderError);
    expect((error as Error).message).toContain('(IncompleteEvent)');
  });

  // The SSE rule, as the renderer reads our streams: an event is dispatched only at its blank line.
  it('does not dispatch a last event without its blank line, even a whole one: the reply was cut off', async () => {
    fake.set({ cutOffWith: 'data: {"choices": [{"delta": {"content": " Fin."}}]}' });
    const { events, error } = await collectUntilError(openAiGateway({ MODEL_TIMEOUT_MS: '2000' }).stream(agentChat()));
    expect(texts(events)).toEqual(REPLY);
    expect(error).toBeInstanceOf(ModelProviderError);
    expect((error as Error).message).toContain('(IncompleteEvent)');
  });

  it('gives up with ModelTimeoutError when the server hangs', async () => {
    fake.set({ hang: true });
    const { error } = await collectUntilError(openAiGateway({ MODEL_TIMEOUT_MS: '300' }).stream(agentChat()));
    expect(error).toBeInstanceOf(ModelTimeoutError);
    expect((error as Error).message).toBe('El modelo ha tardado demasiado en responder. Tu mensaje se ha guardado: puedes reenviarlo.');
  });

  it("stops with ModelAbortedError when the caller's signal aborts", async () => {
    fake.set({ delayMs: 100 });
    const controller = new AbortController();
    const received: ModelEvent[] = [];
    const failure = (async () => {
      for await (const event of openAiGateway().stream(agentChat({ signal: controller.signal }))) {
        received.push(event);
        controller.abort();
      }
    })();
    await expect(failure).rejects.toBeInstanceOf(ModelAbortedError);
    expect(texts(received)).toEqual([REPLY[0]]);
  });

  it('keeps its connection from one reply to the next, also after a reply the user stopped', async () => {
    const gateway = openAiGateway();
    expect(texts(await collect(gateway.stream(agentChat())))).toEqual(REPLY);
    await afterTheReply();
    const afterFirst = fake.connections;
    for (let turn = 0; turn < 2; turn += 1) {
      expect(texts(await collect(gateway.stream(agentChat())))).toEqual(REPLY);
      await afterTheReply();
    }
    expect(fake.connections).toBe(afterFirst);

    fake.set({ delayMs: 50 });
    const controller = new AbortController();
    const stopped = (async () => {
      for await (const _event of gateway.stream(agentChat({ signal: controller.signal }))) controller.abort();
    })();
    await expect(stopped).rejects.toBeInstanceOf(ModelAbortedError);
    fake.set({ delayMs: 0 });
    expect(texts(await collect(gateway.stream(agentChat())))).toEqual(REPLY);
  });

  describe('a caller that reads only the whole reply (wholeReply)', () => {
    const wholeChat = (overrides: Partial<ModelRequest> = {}) => agentChat({ wholeReply: true, ...overrides });

    it('asks for a chat completion without streaming and gives the same events as a stream would', async () => {
      const events = await collect(openAiGateway().stream(wholeChat()));
      expect(fake.requests[0].body).toMatchObject({ model: 'llama3.1', stream: false, max_tokens: 2048 });
      expect(fake.requests[0].body).not.toHaveProperty('stream_options');
      expect(events).toEqual([
        { type: 'delta', text: REPLY.join('') },
        { type: 'done', usage: { inputTokens: 12, outputTokens: REPLY.length }, stopReason: 'stop', provider: 'openai-compatible' },
      ]);
    });

    it('maps a 429, a server error and a body cut short as a stream does', async () => {
      fake.set({ status: 429 });
      expect((await collectUntilError(openAiGateway().stream(wholeChat()))).error).toBeInstanceOf(ModelThrottledError);
      fake.set({ status: undefined, failAfter: 1 });
      const failed = await collectUntilError(openAiGateway().stream(wholeChat()));
      expect((failed.error as Error).message).toBe('El proveedor del modelo ha devuelto un error (HTTP 500). Tu mensaje se ha guardado: puedes reenviarlo.');
      fake.set({ failAfter: undefined, cutOffWith: '{"choices": [{"message": {"content": "Cla' });
      const cut = await collectUntilError(openAiGateway().stream(wholeChat()));
      expect(cut.events).toEqual([]);
      expect((cut.error as Error).message).toContain('(InvalidReply)');
    });

    it('waits MODEL_WHOLE_REPLY_TIMEOUT_MS for the whole reply, not MODEL_TIMEOUT_MS, then gives up with ModelTimeoutError', async () => {
      fake.set({ delayMs: 400 });
      const slowButWhole = await collect(openAiGateway({ MODEL_TIMEOUT_MS: '200', MODEL_WHOLE_REPLY_TIMEOUT_MS: '5000' }).stream(wholeChat()));
      expect(texts(slowButWhole)).toEqual([REPLY.join('')]);
      fake.set({ delayMs: 0, hang: true });
      const { error } = await collectUntilError(openAiGateway({ MODEL_TIMEOUT_MS: '60000', MODEL_WHOLE_REPLY_TIMEOUT_MS: '300' }).stream(wholeChat()));
      expect(error).toBeInstanceOf(ModelTimeoutError);
    });

    it('keeps its connection for the next call', async () => {
      const gateway = openAiGateway();
      expect(texts(await collect(gateway.stream(wholeChat())))).toEqual([REPLY.join('')]);
      await afterTheReply();
      const afterFirst = fake.connections;
      for (let turn = 0; turn < 2; turn += 1) {
        expect(texts(await collect(gateway.stream(wholeChat())))).toEqual([REPLY.join('')]);
        await afterTheReply();
      }
      expect(fake.connections).toBe(afterFirst);
    });
  });

  it('turns an unreachable server into ModelProviderError with the network code', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as { port: number };
        server.close(() => resolve(free));
      });
    });
    const gateway = createModelGateway(
      loadConfig({ MODEL_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`, OPENAI_MODEL: 'llama3.1' }),
    );
    const { error } = await collectUntilError(gateway.stream(agentChat()));
    expect(error).toBeInstanceOf(ModelProviderError);
    expect((error as Error).message).toContain('(ECONNREFUSED)');
  });
});
