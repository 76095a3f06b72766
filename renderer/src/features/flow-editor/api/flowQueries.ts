import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, isApiError, withTimeout, type components } from '../../../shared/api';
import type { FlowDraft } from '../draft';

type Schemas = components['schemas'];
/** A saved flow (spec section 3, the agent state slice's savedFlows), as /api/flows answers it. */
export type SavedFlow = Schemas['FlowDto'];
export type FlowNode = Schemas['FlowNodeDto'];
export type FlowEdge = Schemas['FlowEdgeDto'];
/** An agent that may become a node, as far as the editor needs it. */
export type FlowAgent = Pick<Schemas['AgentDto'], 'id' | 'name' | 'category'>;

const TIMEOUT_MS = 15_000;
/** How many agents the picker offers at a time. */
const AGENT_CHOICES = 50;

/**
 * Saved flows under ['flows']; the agents under ['agents'], so that a change to an agent made
 * elsewhere reaches the picker and the nodes' names. An agent is the same entry wherever a screen
 * asks for it (the marketplace's and the agent editor's ['agents', id]).
 */
export const flowKeys = {
  all: ['flows'] as const,
  list: ['flows', 'list'] as const,
  agentChoices: (search: string) => ['agents', 'flow-picker', search] as const,
  agent: (id: string) => ['agents', id] as const,
};

const timeout = (signal: AbortSignal) => withTimeout(signal, TIMEOUT_MS);
const mutationTimeout = () => AbortSignal.timeout(TIMEOUT_MS);

/** GET /api/flows: every saved flow for an admin (templates only for anyone else). */
export function useSavedFlows() {
  return useQuery({
    queryKey: flowKeys.list,
    queryFn: async ({ signal }) => (await api.GET('/api/flows', { signal: timeout(signal) })).data!,
  });
}

/** The list shows the server's answer at once, then is asked for again. */
function showSavedFlows(queryClient: QueryClient, change: (flows: SavedFlow[]) => SavedFlow[]) {
  queryClient.setQueryData<SavedFlow[]>(flowKeys.list, (flows) => flows && change(flows));
  void queryClient.invalidateQueries({ queryKey: flowKeys.all });
}

const saveBody = (flow: FlowDraft): Schemas['SaveFlowDto'] => ({
  name: flow.name,
  description: flow.description,
  isTemplate: flow.isTemplate,
  nodes: flow.nodes,
  edges: flow.edges,
});

/** POST /api/flows for a new flow, PUT /api/flows/{id} for a saved one (admins only). */
export function useSaveFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (flow: FlowDraft): Promise<SavedFlow> => {
      const body = saveBody(flow);
      const signal = mutationTimeout();
      if (flow.id) return (await api.PUT('/api/flows/{id}', { params: { path: { id: flow.id } }, body, signal })).data!;
      return (await api.POST('/api/flows', { body, signal })).data!;
    },
    onSuccess: (saved) =>
      showSavedFlows(queryClient, (flows) => (flows.some((item) => item.id === saved.id) ? flows.map((item) => (item.id === saved.id ? saved : item)) : [...flows, saved])),
  });
}

/** DELETE /api/flows/{id}. */
export function useDeleteFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.DELETE('/api/flows/{id}', { params: { path: { id } }, signal: mutationTimeout() })).data,
    onSuccess: (_answer, id) => showSavedFlows(queryClient, (flows) => flows.filter((item) => item.id !== id)),
  });
}

/**
 * POST /api/flows/{id}/run: the flow runs as a collaboration session, followed like any session's
 * (by its stream). It changes no flow and no list this screen shows: nothing to invalidate.
 */
export function useRunFlow() {
  return useMutation({
    mutationFn: async ({ id, query }: { id: string; query: string }) =>
      (await api.POST('/api/flows/{id}/run', { params: { path: { id } }, body: { query }, signal: mutationTimeout() })).data!,
  });
}

/**
 * GET /api/agents?search=…: the agents that match `search` best (the most popular without one). A
 * catalogue may hold far more agents than a list can show, so the picker asks as the admin types;
 * the choices on screen stay while the next ones load.
 */
export function useAgentChoices(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: flowKeys.agentChoices(term),
    queryFn: async ({ signal }): Promise<FlowAgent[]> => {
      const { data } = await api.GET('/api/agents', {
        params: { query: { ...(term ? { search: term } : {}), page: 1, limit: AGENT_CHOICES } },
        signal: timeout(signal),
      });
      // Asked with page and limit, the answer is a page.
      const items = Array.isArray(data) ? data : (data?.items ?? []);
      return items.map(({ id, name, category }) => ({ id, name, category }));
    },
    placeholderData: keepPreviousData,
  });
}

/** What the nodes' lookups found: the agents, and the loads that failed (a 404 is none: the agent is gone). */
export interface FlowAgentLookups {
  agents: FlowAgent[];
  failed: { id: string; message: string }[];
}

/** Plain data, so that the result stays the same object while nothing changes (the canvas redraws on a new one). */
function combineLookups(results: { data?: Schemas['AgentDto']; error: Error | null; isFetching: boolean }[], ids: readonly string[]): FlowAgentLookups {
  return {
    agents: results.flatMap(({ data }) => (data ? [{ id: data.id, name: data.name, category: data.category }] : [])),
    failed: results.flatMap(({ error, isFetching }, index) =>
      error && !isFetching && !(isApiError(error) && error.status === 404) ? [{ id: ids[index]!, message: error.message }] : [],
    ),
  };
}

/** GET /api/agents/{id} for each of these agents (a saved flow's nodes), one query per agent. */
export function useFlowAgents(ids: readonly string[]): FlowAgentLookups {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: flowKeys.agent(id),
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (await api.GET('/api/agents/{id}', { params: { path: { id } }, signal: timeout(signal) })).data!,
    })),
    combine: (results) => combineLookups(results, ids),
  });
}

/** Loads these agents again (after their lookups failed). */
export function useRetryFlowAgents() {
  const queryClient = useQueryClient();
  return (ids: readonly string[]) => {
    for (const id of ids) void queryClient.refetchQueries({ queryKey: flowKeys.agent(id), exact: true });
  };
}
