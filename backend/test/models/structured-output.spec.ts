import { Logger } from '@nestjs/common';
import { loadConfig } from '../../src/config/app-config';
import type { ModelRequest, ResponseSchema } from '../../src/modules/models/model-gateway';
import { createModelGateway } from '../../src/modules/models/model-gateway.factory';
import type { RoutingModelGateway } from '../../src/modules/models/routing-model-gateway';
import { askStructured, type StructuredReader, StructuredReplyInvalidError } from '../../src/modules/models/structured-output';
import { type BedrockFake, FAKE_AWS_CREDENTIALS, startBedrockFake } from '../fakes/bedrock-fake';
import { type OpenAiFake, startOpenAiFake } from '../fakes/openai-fake';

const SCHEMA: ResponseSchema = {
  name: 'respuesta_con_titulo',
  description: 'Una respuesta y un título',
  schema: {
    type: 'object',
    properties: { reply: { type: 'string' }, title: { type: 'string' } },
    required: ['reply', 'title'],
    additionalProperties: false,
  },
};

const readReply: StructuredReader<{ reply: string; title: string }> = (value) => {
  const candidate = value as { reply?: unknown; title?: unknown } | null;
  return typeof candidate?.reply === 'string' && typeof candidate.title === 'string'
    ? { ok: true, value: { reply: candidate.reply, title: candidate.title } }
    : { ok: false, problems: 'faltan reply o title' };
};

const request = (): ModelRequest & { responseSchema: ResponseSchema } => ({
  audience: 'agent',
  sessionId: 'conv-structured',
  message: 'Ponle título',
  history: [],
  systemPrompt: 'Responde en JSON.',
  responseSchema: SCHEMA,
});

const VALID = ['{"reply":"Hecho",', '"title":"Mi título"}'];
const INVALID = ['{"reply":"Sin título"}'];

describe('structured output through the real adapters', () => {
  const gateways: RoutingModelGateway[] = [];
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => {
    for (const gateway of gateways) gateway.onApplicationShutdown();
    Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose']);
  });

  describe('OpenAI-compatible: response_format json_schema', () => {
    let fake: OpenAiFake;
    let gateway: RoutingModelGateway;
    beforeAll(async () => {
      fake = await startOpenAiFake({ reply: VALID });
      gateway = createModelGateway(loadConfig({ MODEL_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'llama3.1' }));
      gateways.push(gateway);
    });
    beforeEach(() => {
      fake.requests.length = 0;
      fake.set({ reply: VALID, replies: [] });
    });
    afterAll(() => fake.close());

    it('sends the schema as a strict response_format and reads the streamed JSON', async () => {
      const result = await askStructured(gateway, request(), readReply);
      expect(result.value).toEqual({ reply: 'Hecho', title: 'Mi título' });
      expect(result.attempts).toBe(1);
      expect(fake.requests[0].body.response_format).toEqual({
        type: 'json_schema',
        json_schema: { name: SCHEMA.name, schema: SCHEMA.schema, strict: true },
      });
    });

    it('leaves response_format out of a plain chat request', async () => {
      const { responseSchema: _omitted, ...plain } = request();
      for await (const _event of gateway.stream(plain)) {
        // drain
      }
      expect(fake.requests[0].body).not.toHaveProperty('response_format');
    });

    it('accepts JSON wrapped in a Markdown code fence', async () => {
      fake.set({ replies: [['```json\n{"reply":"Hecho","title":"T"}\n```']] });
      expect((await askStructured(gateway, request(), readReply)).value).toEqual({ reply: 'Hecho', title: 'T' });
    });

    it('asks again once, saying what was wrong, when the first reply does not fit the schema', async () => {
      fake.set({ replies: [INVALID, VALID] });
      const result = await askStructured(gateway, request(), readReply);
      expect(result).toMatchObject({ value: { reply: 'Hecho', title: 'Mi título' }, attempts: 2 });
      expect(fake.requests).toHaveLength(2);
      const retry = fake.requests[1].body.messages.at(-1).content as string;
      expect(retry).toContain('Ponle título');
      expect(retry).toContain('faltan reply o title');
    });

    it('gives up with a Spanish error after two invalid replies (and never asks a third time)', async () => {
      fake.set({ replies: [['esto no es JSON'], INVALID] });
      const failure = askStructured(gateway, request(), readReply);
      await expect(failure).rejects.toThrow(StructuredReplyInvalidError);
      await expect(failure).rejects.toThrow('El modelo no ha devuelto una respuesta válida');
      expect(fake.requests).toHaveLength(2);
    });
  });

  describe('Bedrock Converse: a forced tool whose input schema is the reply schema', () => {
    let fake: BedrockFake;
    let gateway: RoutingModelGateway;
    beforeAll(async () => {
      fake = await startBedrockFake({ reply: VALID });
      gateway = createModelGateway(loadConfig({ MODEL_PROVIDER: 'bedrock', BEDROCK_ENDPOINT: fake.url }), {
        credentials: FAKE_AWS_CREDENTIALS,
        maxAttempts: 1,
      });
      gateways.push(gateway);
    });
    beforeEach(() => {
      fake.requests.length = 0;
      fake.set({ reply: VALID, replies: [] });
    });
    afterAll(() => fake.close());

    it('sends toolConfig with the schema and toolChoice for that tool, and reads the toolUse input', async () => {
      const result = await askStructured(gateway, request(), readReply);
      expect(result.value).toEqual({ reply: 'Hecho', title: 'Mi título' });
      expect(fake.requests[0].body.toolConfig).toEqual({
        tools: [{ toolSpec: { name: SCHEMA.name, description: SCHEMA.description, inputSchema: { json: SCHEMA.schema } } }],
        toolChoice: { tool: { name: SCHEMA.name } },
      });
    });

    it('asks again once when the tool input does not fit, then answers', async () => {
      fake.set({ replies: [INVALID, VALID] });
      const result = await askStructured(gateway, request(), readReply);
      expect(result.attempts).toBe(2);
      expect(fake.requests).toHaveLength(2);
    });

    it('gives up after two invalid tool inputs', async () => {
      fake.set({ replies: [INVALID, INVALID] });
      await expect(askStructured(gateway, request(), readReply)).rejects.toThrow(StructuredReplyInvalidError);
      expect(fake.requests).toHaveLength(2);
    });
  });
});
