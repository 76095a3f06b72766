import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import request from 'supertest';
import { AgentToolbox } from '../../src/modules/tools/agent-toolbox';
import { type OpenAiFake, openAiFakeEnv, startOpenAiFake } from '../fakes';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestAppWith, type TestApp } from '../support/test-app';
import { FakeToolbox } from './fake-toolbox';

jest.setTimeout(60_000);

const NOT_ALLOWED = 'No se ha permitido usar esta herramienta: necesita la confirmación del usuario y aquí no se puede pedir.';

describe('published agents with tools (issue 33): invoke, chat completions and allowConfirmedTools', () => {
  const toolbox = new FakeToolbox();
  let model: OpenAiFake;
  let testApp: TestApp;
  let ana: SignedInUser;
  let agentId: string;
  let apiId: string;
  let plainKey: string;
  const http = () => request(testApp.server);

  beforeAll(async () => {
    model = await startOpenAiFake({ reply: ['Hecho.'] });
    testApp = await createTestAppWith([[AgentToolbox, toolbox]], openAiFakeEnv(model, { RATE_LIMIT_AGENTS_PER_HOUR: '1000' }));
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
    agentId = (
      await http()
        .post('/api/agents')
        .set(ana.authorization)
        .send({ name: 'Vendedor', category: 'legal', description: 'Vende', isPublic: false, prompt: 'Eres un vendedor.' })
        .expect(201)
    ).body.id;
    const published = (await http().post(`/api/agent/${agentId}/publication`).set(ana.authorization).send({}).expect(201)).body;
    apiId = published.apiId;
    plainKey = published.apiKey.secret;
    expect(published.apiKey.allowConfirmedTools).toBe(false);
  });

  beforeEach(() => {
    toolbox.reset();
    model.requests.length = 0;
  });

  afterAll(async () => {
    await testApp.close();
    await model.close();
  });

  const invoke = (key: string, input: string) => http().post(`/api/v1/agent/${agentId}/invoke`).set('Authorization', `Bearer ${key}`).send({ input });

  it('returns the calls in toolCalls, the tool run and its result given to the model', async () => {
    const { body } = await invoke(plainKey, 'Stock [[tool:consultar_stock {"sku":"A1"}]]').expect(200);
    expect(body.output).toBe('Hecho.');
    expect(body.toolCalls).toEqual([{ tool: 'consultar_stock', arguments: { sku: 'A1' }, ok: true, output: 'Quedan 7 unidades de A1' }]);
    expect(toolbox.calls).toEqual([{ agentId, tool: 'consultar_stock', args: { sku: 'A1' } }]);
    // invoke reads the reply whole: both requests asked for it in one piece.
    expect(model.requests.map((sent) => sent.body.stream)).toEqual([false, false]);
    expect(model.requests[1].body.messages.at(-1).content).toContain('Quedan 7 unidades de A1');
  });

  it("does not run a tool that asks first with a key made without allowConfirmedTools: the model is told, and the call says so", async () => {
    const { body } = await invoke(plainKey, 'Pide [[tool:crear_pedido {"sku":"A1","unidades":2}]]').expect(200);
    expect(body.toolCalls).toEqual([{ tool: 'crear_pedido', arguments: { sku: 'A1', unidades: 2 }, ok: false, output: NOT_ALLOWED }]);
    expect(toolbox.calls).toEqual([]);
    expect(model.requests[1].body.messages.at(-1).content).toContain(NOT_ALLOWED);
  });

  it('runs it with a key created with allowConfirmedTools: true', async () => {
    const { body: key } = await http().post(`/api/publication/${apiId}/keys`).set(ana.authorization).send({ name: 'Backoffice', allowConfirmedTools: true }).expect(201);
    expect(key.allowConfirmedTools).toBe(true);
    const { body } = await invoke(key.secret, 'Pide [[tool:crear_pedido {"sku":"A1","unidades":2}]]').expect(200);
    expect(body.toolCalls).toEqual([{ tool: 'crear_pedido', arguments: { sku: 'A1', unidades: 2 }, ok: true, output: 'Pedido creado: 2 × A1' }]);
    expect(toolbox.calls).toEqual([{ agentId, tool: 'crear_pedido', args: { sku: 'A1', unidades: 2 } }]);
    await http().post(`/api/publication/${apiId}/keys`).set(ana.authorization).send({ name: 'Mala', allowConfirmedTools: 'sí' }).expect(400);
  });

  it('answers a failing tool with 200 and the failure among the calls, never a 500', async () => {
    const { body } = await invoke(plainKey, 'Prueba [[tool:roto]]').expect(200);
    expect(body.toolCalls).toEqual([{ tool: 'roto', arguments: {}, ok: false, output: 'El servicio ha respondido con un error (HTTP 500).' }]);
  });

  it('runs the same loop behind the OpenAI-compatible endpoint, streamed and not', async () => {
    const { body } = await http()
      .post('/api/v1/chat/completions')
      .set('x-api-key', plainKey)
      .send({ model: agentId, messages: [{ role: 'user', content: 'Stock [[tool:consultar_stock {"sku":"C3"}]]' }] })
      .expect(200);
    expect(body.choices[0].message.content).toBe('Hecho.');
    expect(toolbox.calls).toEqual([{ agentId, tool: 'consultar_stock', args: { sku: 'C3' } }]);

    const streamed = await http()
      .post('/api/v1/chat/completions')
      .set('x-api-key', plainKey)
      .send({ model: agentId, stream: true, messages: [{ role: 'user', content: 'Stock [[tool:consultar_stock {"sku":"D4"}]]' }] })
      .expect(200);
    expect(streamed.text).toContain('Hecho.');
    expect(toolbox.calls.at(-1)).toEqual({ agentId, tool: 'consultar_stock', args: { sku: 'D4' } });
  });

  it("runs it behind the MCP tool too: ask_agent's structured content has the calls (its output schema allows them)", async () => {
    await testApp.app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(testApp.server.address() as AddressInfo).port}`;
    const client = new Client({ name: 'prueba', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/v1/agent/${agentId}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${plainKey}` } } }));
    try {
      const result = await client.callTool({ name: 'ask_agent', arguments: { input: 'Pide [[tool:crear_pedido {"sku":"A1","unidades":2}]]' } });
      expect(result.isError).toBeFalsy();
      expect(result.content).toEqual([{ type: 'text', text: 'Hecho.' }]);
      expect((result.structuredContent as { toolCalls: unknown }).toolCalls).toEqual([{ tool: 'crear_pedido', arguments: { sku: 'A1', unidades: 2 }, ok: false, output: NOT_ALLOWED }]);
      expect(toolbox.calls).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
