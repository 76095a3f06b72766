import type { CollaborationSession } from '../types';
import { contributions, mergeSteps, workingAgents } from './session';

const session: CollaborationSession = {
  id: 's1',
  agents: [
    { id: 'a', name: 'A', category: 'legal', rating: 5 },
    { id: 'b', name: 'B', category: 'finance', rating: 4 },
  ],
  coordinator: { id: 'a', name: 'A', category: 'legal', rating: 5 },
  status: 'processing',
  query: 'q',
  responses: { b: { agentId: 'b', status: 'completed', content: 'Parte de B', error: null } },
  finalResponse: null,
  startTime: '2026-11-24T10:00:00.000Z',
  endTime: null,
  deliberationLog: [],
  taskAssignments: [
    { agentId: 'a', task: 'Tarea A' },
    { agentId: 'b', task: 'Tarea B' },
  ],
};

describe('collaboration session helpers', () => {
  it('attributes each answer to its agent with its task and tokens, marking the coordinator; a timed-out agent says why', () => {
    const responses = {
      a: { agentId: 'a', status: 'completed' as const, content: 'Parte de A', error: null },
      b: { agentId: 'b', status: 'timeout' as const, content: '', error: 'Tiempo agotado' },
    };
    expect(contributions({ ...session, responses, usage: { a: { inputTokens: 10, outputTokens: 5, calls: 1 } } })).toEqual([
      { agentId: 'a', agentName: 'A', text: 'Parte de A', error: null, task: 'Tarea A', isCoordinator: true, tokens: { inputTokens: 10, outputTokens: 5 } },
      { agentId: 'b', agentName: 'B', text: '', error: 'Tiempo agotado', task: 'Tarea B', isCoordinator: false, tokens: null },
    ]);
  });

  it('merges stored and streamed steps once each, in time order', () => {
    const one = { seq: 1, at: '2026-11-24T10:00:01.000Z', type: 'coordinator', message: 'x' };
    const two = { seq: 2, at: '2026-11-24T10:00:02.000Z', type: 'synthesis', message: 'y' };
    expect(mergeSteps([two], [one, two])).toEqual([one, two]);
  });

  it('working agents are the assigned ones still without an answer', () => {
    expect(workingAgents(session, [])).toEqual(['A']);
    expect(workingAgents({ ...session, status: 'completed' }, [])).toEqual([]);
  });
});
