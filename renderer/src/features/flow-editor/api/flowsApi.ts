import { apiClient } from '../../../shared/api';
import type { FlowAgent, FlowDraft, FlowSessionRef, SavedFlow } from '../types';

const TIMEOUT_MS = 15_000;
/** How many agents the picker offers at a time. */
const AGENT_CHOICES = 50;
const flowPath = (id: string) => `/flows/${encodeURIComponent(id)}`;

const body = (flow: FlowDraft) => ({
  name: flow.name,
  description: flow.description,
  isTemplate: flow.isTemplate,
  nodes: flow.nodes,
  edges: flow.edges,
});

/** The flow editor's calls: saved flows (admin on the server) and the agents to place in them. */
export const flowsApi = {
  list: (signal?: AbortSignal) => apiClient.get<SavedFlow[]>('/flows', { timeoutMs: TIMEOUT_MS, signal }),
  get: (id: string, signal?: AbortSignal) => apiClient.get<SavedFlow>(flowPath(id), { timeoutMs: TIMEOUT_MS, signal }),
  create: (flow: FlowDraft) => apiClient.post<SavedFlow>('/flows', { body: body(flow), timeoutMs: TIMEOUT_MS }),
  update: (id: string, flow: FlowDraft) => apiClient.put<SavedFlow>(flowPath(id), { body: body(flow), timeoutMs: TIMEOUT_MS }),
  remove: (id: string) => apiClient.delete<unknown>(flowPath(id), { timeoutMs: TIMEOUT_MS }),
  /** Runs the flow as a collaboration session; its steps are followed like any session's. */
  run: (id: string, query: string) => apiClient.post<FlowSessionRef>(`${flowPath(id)}/run`, { body: { query }, timeoutMs: TIMEOUT_MS }),
  /**
   * The agents to choose from: those that match `search` best (the most popular without one). A
   * catalogue may hold far more agents than a list can show, so the picker asks as the admin types.
   */
  searchAgents: async (search: string, signal?: AbortSignal): Promise<FlowAgent[]> => {
    const query = { ...(search.trim() ? { search: search.trim() } : {}), page: 1, limit: AGENT_CHOICES };
    return (await apiClient.get<{ items: FlowAgent[] }>('/agents', { query, timeoutMs: TIMEOUT_MS, signal }))?.items ?? [];
  },
  /** One agent, for the name of a saved flow's node. */
  agent: (agentId: string, signal?: AbortSignal) => apiClient.get<FlowAgent>(`/agents/${encodeURIComponent(agentId)}`, { timeoutMs: TIMEOUT_MS, signal }),
};
