import { hashKey, useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api, withTimeout, type components } from '../../../shared/api';

type Schemas = components['schemas'];
/** The agent being created or changed by conversation. */
export type AgentDraft = Schemas['AgentDraftDto'];
/** What the app is told after a save (to update 'Mis Agentes' at once). */
export type SavedAgent = Schemas['AgentDto'];
export type CreatorMessage = Schemas['CreatorMessageDto'];
/** Where the creator stands: its conversation (if any yet), the draft as it last stood and the messages. */
export type CreatorConversation = Schemas['CreatorConversationDto'];
export type FineTuningSession = Schemas['FineTuningSessionDto'];
export type ApplyFineTuning = Schemas['ApplyFineTuningDto'];

/** Reads and saves should not leave a spinner on a stuck server; a model turn may take longer. */
const CALL_TIMEOUT_MS = 15_000;
const MODEL_TURN_TIMEOUT_MS = 180_000;

export const agentCreatorKeys = {
  status: ['agent-creator', 'status'] as const,
  /** A visit (the draft under way), an agent's conversation or one reopened by its id; changed by every turn and save. */
  conversation: (where: { agentId?: string; conversationId?: string }) =>
    ['agent-creator', 'conversation', where.conversationId ?? '', where.agentId ?? ''] as const,
};

/** GET /api/agent-creator: whether a model can talk, and an empty draft. */
export function useCreatorStatus() {
  return useQuery({
    queryKey: agentCreatorKeys.status,
    queryFn: async ({ signal }) => (await api.GET('/api/agent-creator', { signal: withTimeout(signal, CALL_TIMEOUT_MS) })).data!,
  });
}

/**
 * GET /api/agent-creator/conversation: the conversation a visit goes on with (the draft under way,
 * or the one on the agent), or the one reopened by its id, with its draft and messages.
 */
export function useCreatorConversation(where: { agentId?: string; conversationId?: string }) {
  return useQuery({
    queryKey: agentCreatorKeys.conversation(where),
    queryFn: async ({ signal }) =>
      (
        await api.GET('/api/agent-creator/conversation', {
          params: { query: { agentId: where.agentId, conversationId: where.conversationId } },
          signal: withTimeout(signal, CALL_TIMEOUT_MS),
        })
      ).data!,
  });
}

/**
 * POST /api/agent-creator/messages: one turn; the reply and the whole draft. Stored even when it
 * fails (the message, in the conversation under way), so the lists of conversations change either way.
 */
export function useCreatorTalk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: CreatorMessage) =>
      (await api.POST('/api/agent-creator/messages', { body: message, signal: AbortSignal.timeout(MODEL_TURN_TIMEOUT_MS) })).data!,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['conversations'] }),
        queryClient.invalidateQueries({ queryKey: ['agent-creator', 'conversation'] }),
      ]),
  });
}

/** After an agent's save: everything that shows agents ('Mis Agentes', the team, the marketplace, the admin's lists) and its prompt's versions. */
function agentChanged(queryClient: QueryClient, saved: SavedAgent) {
  queryClient.setQueryData(['agents', saved.id], saved);
  // The agent as answered is not asked for again.
  const answered = new Set([hashKey(['agents', saved.id])]);
  const views: QueryKey[] = [['agents'], ['user-agents'], ['users'], ['metrics'], ['prompts', saved.id], ['conversations'], ['agent-creator', 'conversation']];
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
    mutationFn: async ({ sessionId, message, messageId }: { sessionId: string; message: string; messageId?: string }) =>
      (
        await api.POST('/api/fine-tuning/sessions/{id}/messages', {
          ...sessionPath(sessionId),
          body: { message, messageId },
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
