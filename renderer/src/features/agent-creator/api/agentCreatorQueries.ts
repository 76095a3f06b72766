import { hashKey, useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api, withTimeout, type components } from '../../../shared/api';

type Schemas = components['schemas'];
/** The agent being created or changed by conversation. */
export type AgentDraft = Schemas['AgentDraftDto'];
/** What the app is told after a save (to update 'Mis Agentes' at once). */
export type SavedAgent = Schemas['AgentDto'];
export type CreatorMessage = Schemas['CreatorMessageDto'];
export type FineTuningSession = Schemas['FineTuningSessionDto'];
export type ApplyFineTuning = Schemas['ApplyFineTuningDto'];

/** Reads and saves should not leave a spinner on a stuck server; a model turn may take longer. */
const CALL_TIMEOUT_MS = 15_000;
const MODEL_TURN_TIMEOUT_MS = 180_000;

/** An agent's draft is under the agent, so that a change to the agent made elsewhere reaches it. */
export const agentCreatorKeys = {
  status: ['agent-creator', 'status'] as const,
  draft: (agentId: string) => ['agents', agentId, 'draft'] as const,
};

/** GET /api/agent-creator: whether a model can talk, and an empty draft. */
export function useCreatorStatus() {
  return useQuery({
    queryKey: agentCreatorKeys.status,
    queryFn: async ({ signal }) => (await api.GET('/api/agent-creator', { signal: withTimeout(signal, CALL_TIMEOUT_MS) })).data!,
  });
}

/** GET /api/agent-creator/agents/{agentId}/draft: an existing agent's fields and prompt, for its creator or an admin. */
export function useAgentDraft(agentId: string | undefined) {
  return useQuery({
    queryKey: agentCreatorKeys.draft(agentId ?? ''),
    queryFn: async ({ signal }) =>
      (
        await api.GET('/api/agent-creator/agents/{agentId}/draft', {
          params: { path: { agentId: agentId! } },
          signal: withTimeout(signal, CALL_TIMEOUT_MS),
        })
      ).data!,
    enabled: Boolean(agentId),
  });
}

/** POST /api/agent-creator/messages: one turn; the reply and the whole draft. */
export function useCreatorTalk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: CreatorMessage) =>
      (await api.POST('/api/agent-creator/messages', { body: message, signal: AbortSignal.timeout(MODEL_TURN_TIMEOUT_MS) })).data!,
    // The turn is stored in the creator's conversation.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['conversations'] }),
  });
}

/** After an agent's save: everything that shows agents ('Mis Agentes', the team, the marketplace, the admin's lists) and its prompt's versions. */
function agentChanged(queryClient: QueryClient, saved: SavedAgent) {
  queryClient.setQueryData(['agents', saved.id], saved);
  // The agent as answered, and the draft on screen (the one just saved), are not asked for again.
  const answered = new Set([hashKey(['agents', saved.id]), hashKey(agentCreatorKeys.draft(saved.id))]);
  const views: QueryKey[] = [['agents'], ['user-agents'], ['users'], ['metrics'], ['prompts', saved.id], ['conversations']];
  for (const queryKey of views) void queryClient.invalidateQueries({ queryKey, predicate: (query) => !answered.has(query.queryHash) });
}

/** 'Crear agente' (POST /api/agent-creator/agents) or 'Guardar cambios' (PUT …/{agentId}): the draft, with its prompt. */
export function useSaveDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ agentId, draft, conversationId }: { agentId?: string; draft: AgentDraft; conversationId?: string }) => {
      const options = { body: { draft, conversationId }, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) };
      const saved = agentId
        ? await api.PUT('/api/agent-creator/agents/{agentId}', { ...options, params: { path: { agentId } } })
        : await api.POST('/api/agent-creator/agents', options);
      return saved.data!;
    },
    onSuccess: (saved) => agentChanged(queryClient, saved),
  });
}

const sessionPath = (sessionId: string) => ({ params: { path: { id: sessionId } } });

/** POST /api/fine-tuning/sessions: opens a session on the agent (or goes on with the last one). */
export function useOpenFineTuning() {
  return useMutation({
    mutationFn: async (agentId: string) =>
      (await api.POST('/api/fine-tuning/sessions', { body: { agentId }, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) })).data!,
  });
}

/** POST /api/fine-tuning/sessions/{id}/messages: what to change; the reply, and a revised prompt when the assistant has one. */
export function useFineTuningTalk() {
  return useMutation({
    mutationFn: async ({ sessionId, message }: { sessionId: string; message: string }) =>
      (
        await api.POST('/api/fine-tuning/sessions/{id}/messages', {
          ...sessionPath(sessionId),
          body: { message },
          signal: AbortSignal.timeout(MODEL_TURN_TIMEOUT_MS),
        })
      ).data!,
  });
}

/** POST /api/fine-tuning/sessions/{id}/apply: the revised prompt becomes the agent's current version. */
export function useApplyFineTuning(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ sessionId, proposal }: { sessionId: string; proposal: ApplyFineTuning }) =>
      (
        await api.POST('/api/fine-tuning/sessions/{id}/apply', {
          ...sessionPath(sessionId),
          body: proposal,
          signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        })
      ).data!,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['prompts', agentId] }),
  });
}

/** POST /api/fine-tuning/sessions/{id}/close: the session ends; its messages stay stored. */
export function useCloseFineTuning() {
  return useMutation({
    mutationFn: async (sessionId: string) =>
      (await api.POST('/api/fine-tuning/sessions/{id}/close', { ...sessionPath(sessionId), body: {}, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) }))
        .data!,
  });
}
