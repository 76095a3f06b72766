import request from 'supertest';
import { ModelGateway } from '../../src/modules/models/model-gateway';
import { FakeModelGateway } from '../chat/fake-model-gateway';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestAppWith, type TestApp } from '../support/test-app';
import { finished, teamAgent, teamScript } from './collaboration-support';

jest.setTimeout(60_000);

describe('saved flows of the flow editor (issue 16)', () => {
  const gateway = new FakeModelGateway();
  let testApp: TestApp;
  let admin: SignedInUser;
  let user: SignedInUser;
  let first: string;
  let second: string;
  let third: string;
  const http = () => request(testApp.server);
  const at = { x: 0, y: 0 };

  const flowOf = (isTemplate: boolean) => ({
    name: 'Lanzamiento',
    description: 'Legal y marketing, después finanzas',
    isTemplate,
    nodes: [
      { id: 'n1', type: 'agent', agentId: first, position: at },
      { id: 'n2', type: 'agent', agentId: second, position: at },
      { id: 'n3', type: 'agent', agentId: third, position: at },
      { id: 'fin', type: 'synthesis', position: { x: 300, y: 0 } },
    ],
    edges: [
      { source: 'n1', target: 'n3' },
      { source: 'n2', target: 'n3' },
      { source: 'n3', target: 'fin' },
    ],
  });

  beforeAll(async () => {
    testApp = await createTestAppWith([[ModelGateway, gateway]], { ADMIN_EMAILS: 'jefa@example.com', RATE_LIMIT_MODEL_CALLS_PER_MINUTE: '200' });
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    user = await signUpAndSignIn(testApp, 'usuaria@example.com');
    first = await teamAgent(testApp, admin, 'Abogada', 'legal', 4);
    second = await teamAgent(testApp, admin, 'Publicista', 'marketing', 4.5);
    third = await teamAgent(testApp, admin, 'Asesor Fiscal', 'finance', 4.9);
  });

  afterAll(() => testApp.close());

  beforeEach(() => {
    gateway.reset();
    gateway.script = teamScript();
  });

  it('an admin saves, reads, edits and deletes a flow; a user may not write one', async () => {
    const { body: flow } = await http().post('/api/flows').set(admin.authorization).send(flowOf(false)).expect(201);
    expect(flow).toMatchObject({ name: 'Lanzamiento', isTemplate: false, edges: flowOf(false).edges });
    expect(flow.nodes[3]).toEqual({ id: 'fin', type: 'synthesis', position: { x: 300, y: 0 } });

    const refused = await http().post('/api/flows').set(user.authorization).send(flowOf(true)).expect(403);
    expect(refused.body.message).toBe('Esta acción está reservada a los administradores.');
    await http().put(`/api/flows/${flow.id}`).set(user.authorization).send(flowOf(true)).expect(403);

    const { body: edited } = await http().put(`/api/flows/${flow.id}`).set(admin.authorization).send({ ...flowOf(false), name: 'Lanzamiento 2' }).expect(200);
    expect(edited.name).toBe('Lanzamiento 2');
    await http().delete(`/api/flows/${flow.id}`).set(admin.authorization).expect(200, { success: true, id: flow.id });
    await http().get(`/api/flows/${flow.id}`).set(admin.authorization).expect(404);
  });

  it('users list, read and run templates only; other flows are 404 to them', async () => {
    const { body: template } = await http().post('/api/flows').set(admin.authorization).send(flowOf(true)).expect(201);
    const { body: hidden } = await http().post('/api/flows').set(admin.authorization).send(flowOf(false)).expect(201);
    const { body: listed } = await http().get('/api/flows').set(user.authorization).expect(200);
    expect(listed.map((flow: { id: string }) => flow.id)).toContain(template.id);
    expect(listed.map((flow: { id: string }) => flow.id)).not.toContain(hidden.id);
    await http().get(`/api/flows/${hidden.id}`).set(user.authorization).expect(404);
    await http().post(`/api/flows/${hidden.id}/run`).set(user.authorization).send({ query: 'Hola' }).expect(404);
    await http().get(`/api/flows/${template.id}`).set(user.authorization).expect(200);
  });

  it("runs a flow: its steps in order (siblings together), the later step seeing the earlier answers, no coordinator split", async () => {
    const { body: template } = await http().post('/api/flows').set(admin.authorization).send(flowOf(true)).expect(201);
    const { body: created } = await http().post(`/api/flows/${template.id}/run`).set(user.authorization).send({ query: '¿Cómo lanzo mi tienda?' }).expect(201);
    expect(created.flowId).toBe(template.id);
    const session = await finished(testApp, user, created.id);
    expect(session.status).toBe('completed');
    expect(session.taskAssignments.map((task: { agentId: string; step: number }) => [task.agentId, task.step])).toEqual([
      [first, 0],
      [second, 0],
      [third, 1],
    ]);
    expect(gateway.requests.some((request) => request.responseSchema)).toBe(false);
    const lastAgentCall = gateway.requests.find((request) => request.systemPrompt === 'Eres Asesor Fiscal.' && request.message.startsWith('Formas parte'));
    expect(lastAgentCall?.message).toContain('### Abogada');
    expect(lastAgentCall?.message).toContain('### Publicista');
  });

  it.each([
    ['a cycle', { edges: [{ source: 'n1', target: 'n2' }, { source: 'n2', target: 'n1' }] }, 'El flujo no es válido: tiene un ciclo'],
    ['no synthesis node', { nodes: [{ id: 'n1', type: 'agent', agentId: 'x', position: { x: 0, y: 0 } }], edges: [] }, 'El flujo no es válido: debe tener exactamente un nodo de síntesis'],
  ])('refuses %s with 400 and the reason', async (_name, change, message) => {
    const response = await http().post('/api/flows').set(admin.authorization).send({ ...flowOf(false), ...change }).expect(400);
    expect(response.body.message).toBe(message);
  });

  it('refuses a node of an unknown type with 400', async () => {
    const body = flowOf(false);
    body.nodes[0].type = 'bucle';
    const response = await http().post('/api/flows').set(admin.authorization).send(body).expect(400);
    expect(JSON.stringify(response.body.message)).toContain("el tipo de un nodo debe ser 'agent' o 'synthesis'");
  });
});
