import type { AgentResponse, CollaborationSession, DeliberationStep, SessionAgent } from '../api/collaborationQueries';
import { contributions, mergeSteps, workingAgents } from './session';

const agent = (id: string, name: string, category: string, rating: number): SessionAgent => ({
  id,
  name,
  category,
  rating,
  description: '',
  avatar: null,
  popularity: 0,
  priority: null,
});

const response = (agentId: string, status: AgentResponse['status'], content: string, error: string | null): AgentResponse => ({
  agentId,
  agentName: agentId.toUpperCase(),
  task: `Tarea ${agentId.toUpperCase()}`,
  status,
  content,
  error,
  usage: null,
  startedAt: '2026-11-24T10:00:01.000Z',
  endedAt: '2026-11-24T10:00:02.000Z',
});

const session: CollaborationSession = {
  id: 's1',
  agents: [agent('a', 'A', 'legal', 5), agent('b', 'B', 'finance', 4)],
  coordinator: agent('a', 'A', 'legal', 5),
  status: 'processing',
  query: 'q',
  topic: null,
  responses: { b: response('b', 'completed', 'Parte de B', null) },
  usage: {},
  finalResponse: null,
  sources: [],
  startTime: '2026-11-24T10:00:00.000Z',
  endTime: null,
  error: null,
  conversationId: null,
  flowId: null,
  replayOf: null,
  deliberationLog: [],
  taskAssignments: [
    { agentId: 'a', agentName: 'A', task: 'Tarea A', priority: 1, step: 1 },
    { agentId: 'b', agentName: 'B', task: 'Tarea B', priority: 1, step: 1 },
  ],
};

describe('collaboration session helpers', () => {
  it('attributes each answer to its agent with its task, tokens, sources and tool calls, marking the coordinator; a timed-out agent says why', () => {
    const source = { documentId: 'd1', documentName: 'ley.pdf', page: 37, snippet: 'El plazo de preaviso es de treinta días.' };
    const call = { id: 'c1', tool: 'consultar_stock', sourceName: 'Inventario', arguments: { sku: 'A1' }, status: 'done' as const, ok: true, output: 'Quedan 7' };
    const responses = {
      a: { ...response('a', 'completed', 'Parte de A', null), sources: [source], toolCalls: [call] },
      b: response('b', 'timeout', '', 'Tiempo agotado'),
    };
    expect(contributions({ ...session, responses, usage: { a: { inputTokens: 10, outputTokens: 5, calls: 1 } } })).toEqual([
      { agentId: 'a', agentName: 'A', text: 'Parte de A', error: null, task: 'Tarea A', isCoordinator: true, tokens: { inputTokens: 10, outputTokens: 5 }, sources: [source], toolCalls: [call] },
      { agentId: 'b', agentName: 'B', text: '', error: 'Tiempo agotado', task: 'Tarea B', isCoordinator: false, tokens: null, sources: [], toolCalls: [] },
    ]);
  });

  it('merges stored and streamed steps once each, in time order', () => {
    const one: DeliberationStep = { seq: 1, at: '2026-11-24T10:00:01.000Z', type: 'coordinator', message: 'x' };
    const two: DeliberationStep = { seq: 2, at: '2026-11-24T10:00:02.000Z', type: 'synthesis', message: 'y' };
    expect(mergeSteps([two], [one, two])).toEqual([one, two]);
  });

  it('working agents are the assigned ones still without an answer', () => {
    expect(workingAgents(session, [])).toEqual(['A']);
    expect(workingAgents({ ...session, status: 'completed' }, [])).toEqual([]);
  });
});
