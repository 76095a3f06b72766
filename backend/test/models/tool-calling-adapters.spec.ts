import { Logger } from '@nestjs/common';
import { loadConfig } from '../../src/config/app-config';
import type { ModelRequest, ModelTool, ToolTurn } from '../../src/modules/models/model-gateway';
import { createModelGateway } from '../../src/modules/models/model-gateway.factory';
import type { RoutingModelGateway } from '../../src/modules/models/routing-model-gateway';
import { type BedrockFake, FAKE_AWS_CREDENTIALS, startBedrockFake } from '../fakes/bedrock-fake';
import { type OpenAiFake, openAiFakeEnv, startOpenAiFake } from '../fakes/openai-fake';
import { collect, texts } from './model-events';

const STOCK: ModelTool = {
  name: 'consultar_stock',
  description: 'Unidades en almacén de un producto',
  inputSchema: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] },
};

const request = (overrides: Partial<ModelRequest> = {}): ModelRequest => ({
  audience: 'agent',
  sessionId: '0b6f3c1e-8f3a-4d1e-9c59-2a7e1f0d4b11',
  message: '¿Cuántas quedan del A1?',
  history: [],
  systemPrompt: 'Eres un vendedor.',
  tools: [STOCK],
  ...overrides,
});

const ROUND: ToolTurn = {
  text: 'Lo miro.',
  calls: [{ id: 'call_1', name: 'consultar_stock', arguments: '{"sku":"A1"}' }],
  results: [{ callId: 'call_1', ok: true, output: 'Quedan 7' }],
};

const toolCalls = (events: Awaited<ReturnType<typeof collect>>) => events.flatMap((event) => (event.type === 'tool_call' ? [event.call] : []));

describe('tool calling through the gateway (issue 33)', () => {
  const gateways: RoutingModelGateway[] = [];
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => gateways.forEach((gateway) => gateway.onApplicationShutdown()));

  describe('OpenAI-compatible', () => {
    let fake: OpenAiFake;
    const gateway = () => {
      const made = createModelGateway(loadConfig(openAiFakeEnv(fake)));
      gateways.push(made);
      return made;
    };
    beforeAll(async () => {
      fake = await startOpenAiFake({ reply: ['Quedan ', '7.'] });
    });
    beforeEach(() => {
      fake.requests.length = 0;
      fake.set({ toolCalls: undefined });
    });
    afterAll(() => fake.close());

    it.each([
      ['streamed', false],
      ['whole', true],
    ])('reads the calls of a %s reply, and sends the tools', async (_, wholeReply) => {
      fake.set({ toolCalls: [[{ name: 'consultar_stock', arguments: { sku: 'A1' } }, { name: 'consultar_stock', arguments: { sku: 'B2' } }]] });
      const events = await collect(gateway().stream(request({ wholeReply })));
      expect(toolCalls(events)).toEqual([
        { id: 'call_fake1_0', name: 'consultar_stock', arguments: '{"sku":"A1"}' },
        { id: 'call_fake1_1', name: 'consultar_stock', arguments: '{"sku":"B2"}' },
      ]);
      expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'tool_calls' });
      expect(fake.requests[0].body.tools).toEqual([{ type: 'function', function: { name: STOCK.name, description: STOCK.description, parameters: STOCK.inputSchema } }]);
    });

    it("sends the turn's rounds as the assistant's tool_calls and 'tool' messages, and tool_choice none when asked", async () => {
      const events = await collect(gateway().stream(request({ toolTurns: [ROUND], toolChoice: 'none' })));
      expect(texts(events)).toEqual(['Quedan ', '7.']);
      const { messages, tool_choice } = fake.requests[0].body;
      expect(tool_choice).toBe('none');
      expect(messages.slice(-3)).toEqual([
        { role: 'user', content: '¿Cuántas quedan del A1?' },
        { role: 'assistant', content: 'Lo miro.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'consultar_stock', arguments: '{"sku":"A1"}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: 'Quedan 7' },
      ]);
    });

    it('sends no tools when none are offered (as before)', async () => {
      await collect(gateway().stream(request({ tools: undefined })));
      expect(fake.requests[0].body.tools).toBeUndefined();
    });
  });

  describe('Bedrock Converse', () => {
    let fake: BedrockFake;
    const gateway = () => {
      const made = createModelGateway(loadConfig({ MODEL_PROVIDER: 'bedrock', BEDROCK_ENDPOINT: fake.url }), { credentials: FAKE_AWS_CREDENTIALS, maxAttempts: 1 });
      gateways.push(made);
      return made;
    };
    beforeAll(async () => {
      fake = await startBedrockFake({ reply: ['Quedan ', '7.'] });
    });
    beforeEach(() => {
      fake.requests.length = 0;
      fake.set({ toolCalls: undefined });
    });
    afterAll(() => fake.close());

    it('reads toolUse blocks assembled from their start and input deltas, and sends toolConfig', async () => {
      const events = await collect(gateway().stream(request({ message: 'Mira el stock [[tool:consultar_stock {"sku":"A1"}]]' })));
      expect(toolCalls(events)).toEqual([{ id: 'tooluse_fake1_0', name: 'consultar_stock', arguments: '{"sku":"A1"}' }]);
      expect(texts(events)).toEqual([]);
      expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'tool_use' });
      expect(fake.requests[0].body.toolConfig).toEqual({ tools: [{ toolSpec: { name: STOCK.name, description: STOCK.description, inputSchema: { json: STOCK.inputSchema } } }] });
    });

    it("sends the turn's rounds as toolUse and toolResult blocks", async () => {
      const events = await collect(gateway().stream(request({ toolTurns: [ROUND, { calls: [{ id: 'call_2', name: 'consultar_stock', arguments: 'no es json' }], results: [{ callId: 'call_2', ok: false, output: 'Error' }] }] })));
      expect(texts(events)).toEqual(['Quedan ', '7.']);
      expect(fake.requests[0].body.messages.slice(-4)).toEqual([
        { role: 'assistant', content: [{ text: 'Lo miro.' }, { toolUse: { toolUseId: 'call_1', name: 'consultar_stock', input: { sku: 'A1' } } }] },
        { role: 'user', content: [{ toolResult: { toolUseId: 'call_1', content: [{ text: 'Quedan 7' }], status: 'success' } }] },
        { role: 'assistant', content: [{ toolUse: { toolUseId: 'call_2', name: 'consultar_stock', input: {} } }] },
        { role: 'user', content: [{ toolResult: { toolUseId: 'call_2', content: [{ text: 'Error' }], status: 'error' } }] },
      ]);
    });
  });
});
