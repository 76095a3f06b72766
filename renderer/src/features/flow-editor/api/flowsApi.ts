import { apiClient, getAllPages } from '../../../shared/api';
import type { FlowAgent, FlowDraft, FlowSessionRef, SavedFlow } from '../types';

const TIMEOUT_MS = 15_000;
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
  /** Every agent the admin may place, page after page. */
  agents: (signal?: AbortSignal): Promise<FlowAgent[]> => getAllPages<FlowAgent>('/agents', { timeoutMs: TIMEOUT_MS, signal }),
};
