import { apiClient, readSse } from '../../../shared/api';
import type {
  CollaborationConversation,
  CollaborationConversationMetadata,
  CollaborationSession,
  DeliberationStep,
  FlowTemplate,
} from '../types';

const TIMEOUT_MS = 15_000;
const sessionPath = (id: string) => `/collaboration/sessions/${encodeURIComponent(id)}`;
const conversationPath = (id: string) => `/conversations/${encodeURIComponent(id)}`;

export interface StartSessionInput {
  agentIds: string[];
  query: string;
  /** An ecosystem chat's ecosystem (its agents are the team). */
  ecosystemId?: string;
  /** The flow or ecosystem conversation: the server stores the query and the team's answer in it. */
  conversationId?: string;
}

function parse(data: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * GET /collaboration/sessions/{id}/events: first `session` (as it is), then a `step` per log entry
 * (past ones too), and `end` with the finished session; then the server closes the stream.
 */
export type SessionEvent =
  | { type: 'session'; session: CollaborationSession }
  | { type: 'step'; step: DeliberationStep }
  | { type: 'end'; session: CollaborationSession };

export function toSessionEvent(event: string, data: string): SessionEvent | null {
  const value = parse(data);
  if (!value) return null;
  const isSession = typeof value.id === 'string' && typeof value.status === 'string' && Array.isArray(value.agents);
  if (event === 'end' && isSession) return { type: 'end', session: value as unknown as CollaborationSession };
  if (event === 'session' && isSession) return { type: 'session', session: value as unknown as CollaborationSession };
  const kind = typeof value.type === 'string' ? value.type : value.step;
  if (typeof value.message === 'string' && typeof kind === 'string') return { type: 'step', step: value as unknown as DeliberationStep };
  return null;
}

/** The collaboration feature's calls: sessions (under /collaboration) and the flow conversations. */
export const collaborationApi = {
  start: (input: StartSessionInput) =>
    apiClient.post<CollaborationSession>('/collaboration/sessions', { body: input, timeoutMs: TIMEOUT_MS }),

  get: (id: string, signal?: AbortSignal) => apiClient.get<CollaborationSession>(sessionPath(id), { timeoutMs: TIMEOUT_MS, signal }),

  cancel: (id: string) => apiClient.post<CollaborationSession>(`${sessionPath(id)}/cancel`, { timeoutMs: TIMEOUT_MS }),

  /** 'Repetir': a new session over the same team and question, with the agents' current prompts. */
  replay: (id: string) => apiClient.post<CollaborationSession>(`${sessionPath(id)}/replay`, { timeoutMs: TIMEOUT_MS }),

  saveAsEcosystem: (id: string, name: string) =>
    apiClient.post<{ id: string; name: string }>(`${sessionPath(id)}/save-as-ecosystem`, { body: { name }, timeoutMs: TIMEOUT_MS }),

  /** The session's steps as they happen (server-sent events); ends when the session finishes. */
  async *events(id: string, signal?: AbortSignal): AsyncGenerator<SessionEvent> {
    const response = await apiClient.stream(`${sessionPath(id)}/events`, { method: 'GET', signal });
    if (!response.body) return;
    for await (const message of readSse(response.body, signal)) {
      const event = toSessionEvent(message.event, message.data);
      if (event) yield event;
    }
  },

  /** Flows the admins offer as templates (GET /flows answers a user with those only). */
  templates: async (signal?: AbortSignal): Promise<FlowTemplate[]> => {
    const flows = await apiClient.get<FlowTemplate[]>('/flows', { timeoutMs: TIMEOUT_MS, signal });
    return (Array.isArray(flows) ? flows : []).filter((flow) => flow.isTemplate);
  },

  /** Runs a template over its own agents and steps: a session like any other. */
  runFlow: (flowId: string, query: string, conversationId?: string) =>
    apiClient.post<CollaborationSession>(`/flows/${encodeURIComponent(flowId)}/run`, {
      body: { query, ...(conversationId ? { conversationId } : {}) },
      timeoutMs: TIMEOUT_MS,
    }),

  createConversation: (input: { title?: string; metadata: CollaborationConversationMetadata }) =>
    apiClient.post<CollaborationConversation>('/conversations', { body: input, timeoutMs: TIMEOUT_MS }),

  getConversation: (id: string, signal?: AbortSignal) =>
    apiClient.get<CollaborationConversation>(conversationPath(id), { timeoutMs: TIMEOUT_MS, signal }),
};
