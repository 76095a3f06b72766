import { Logger } from '@nestjs/common';
import request from 'supertest';
import { ModelGateway, type ModelEvent, type ModelRequest } from '../../src/modules/models/model-gateway';
import { AgentToolbox } from '../../src/modules/tools/agent-toolbox';
import { FakeModelGateway } from '../chat/fake-model-gateway';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestAppWith, type TestApp } from '../support/test-app';
import { FakeToolbox } from '../tool-calling/fake-toolbox';
import { finished, teamAgent, teamScript } from './collaboration-support';

jest.setTimeout(60_000);

/**
 * Collaboration sessions with tools (issue 33): an agent of the team that has tools runs them for
 * its task (nobody is there to confirm, so a tool that asks first is refused and the model told so),
 * and its part keeps the calls, as a chat answer does, in the session and in its step of the log.
 */
describe("collaboration steps keep their agent's tool calls (issue 33)", () => {
  const gateway = new FakeModelGateway();
  const toolbox = new FakeToolbox();
  let testApp: TestApp;
  let owner: SignedInUser;
  let seller: string;
  let lawyer: string;

  beforeAll(async () => {
    Logger.overrideLogger(false);
    testApp = await createTestAppWith(
      [
        [ModelGateway, gateway],
        [AgentToolbox, toolbox],
      ],
      { RATE_LIMIT_MODEL_CALLS_PER_MINUTE: '200', RATE_LIMIT_AGENTS_PER_HOUR: '1000' },
    );
    owner = await signUpAndSignIn(testApp, 'equipo@example.com');
    seller = await teamAgent(testApp, owner, 'Vendedor', 'operations', 4.5);
    lawyer = await teamAgent(testApp, owner, 'Abogada', 'legal', 4.1);
    // Only the seller has tools.
    toolbox.toolsFor = async (agentId?: string) => (agentId === seller ? toolbox.tools : []);
    // With tools, the agent first looks the stock up and places an order, then answers with what it got back.
    gateway.script = teamScript(async function* (modelRequest: ModelRequest): AsyncIterable<ModelEvent> {
      if (modelRequest.tools && (modelRequest.toolTurns ?? []).length === 0) {
        yield { type: 'tool_call', call: { id: 'c1', name: 'consultar_stock', arguments: '{"sku":"A1"}' } };
        yield { type: 'tool_call', call: { id: 'c2', name: 'crear_pedido', arguments: '{"sku":"A1","unidades":2}' } };
      } else {
        yield { type: 'delta', text: modelRequest.tools ? 'Hay 7 unidades; el pedido necesita tu permiso.' : 'Se puede vender.' };
      }
      yield { type: 'done', usage: { inputTokens: 30, outputTokens: 10 } };
    });
  });
  afterAll(async () => {
    await testApp.close();
    Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose']);
  });

  it("stores the seller's calls with its part and its step, the refused one with its note; the lawyer's part has none", async () => {
    const { body } = await request(testApp.server)
      .post('/api/collaboration/sessions')
      .set(owner.authorization)
      .send({ agentIds: [seller, lawyer], query: '¿Hay stock del A1 y puedo venderlo?' })
      .expect(201);
    const session = await finished(testApp, owner, body.id);
    expect(session.status).toBe('completed');

    const calls = [
      { id: 'c1', tool: 'consultar_stock', sourceName: 'Inventario', arguments: { sku: 'A1' }, status: 'done', ok: true, output: 'Quedan 7 unidades de A1' },
      {
        id: 'c2',
        tool: 'crear_pedido',
        sourceName: 'Pedidos',
        arguments: { sku: 'A1', unidades: 2 },
        status: 'done',
        ok: false,
        output: expect.stringContaining('necesita la confirmación del usuario'),
        note: 'Esta herramienta necesita confirmación y aquí no se ha permitido.',
      },
    ];
    expect(session.responses[seller]).toMatchObject({ status: 'completed', content: 'Hay 7 unidades; el pedido necesita tu permiso.', toolCalls: calls });
    expect(session.responses[lawyer]).toMatchObject({ status: 'completed', content: 'Se puede vender.' });
    expect(session.responses[lawyer].toolCalls).toBeUndefined();
    const step = session.deliberationLog.find((entry: { type: string; agentId?: string }) => entry.type === 'agent-response' && entry.agentId === seller);
    expect(step.data).toMatchObject({ content: 'Hay 7 unidades; el pedido necesita tu permiso.', toolCalls: calls });
    // The order was never placed: only the look-up ran.
    expect(toolbox.calls).toEqual([{ agentId: seller, tool: 'consultar_stock', args: { sku: 'A1' } }]);
  });
});
