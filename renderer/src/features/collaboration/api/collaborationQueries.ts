import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, withTimeout, type components } from '../../../shared/api';
import { mergeSteps } from '../utils/session';

/** Spec section 3, Collaboration session, as GET /api/collaboration/sessions/{id} answers it. */
export type CollaborationSession = components['schemas']['CollaborationSessionDto'];
/** Spec section 4: a collaboration session's states. */
export type SessionStatus = CollaborationSession['status'];
export type SessionAgent = components['schemas']['SessionAgentDto'];
/** One step of the run, as stored in deliberationLog and streamed as a `step` event. */
export type DeliberationStep = components['schemas']['LogEntryDto'];
export type AgentResponse = components['schemas']['AgentResponseDto'];
export type TaskAssignment = components['schemas']['TaskAssignmentDto'];
export type StartSessionInput = components['schemas']['CreateSessionDto'];
/** A saved flow; those with isTemplate are offered to users (GET /api/flows answers a user with those only). */
export type FlowTemplate = components['schemas']['FlowDto'];
/** A flow or ecosystem conversation (spec section 3). */
export type CollaborationConversation = components['schemas']['ConversationDto'];
export type CollaborationConversationInput = components['schemas']['CreateConversationDto'];
export type StoredMessage = components['schemas']['MessageDto'];
export type SavedEcosystem = components['schemas']['EcosystemDto'];

const FINISHED: readonly SessionStatus[] = ['completed', 'failed', 'cancelled'];
/** A finished session does not change any more: nothing streams or polls it. */
export const isFinished = (status: SessionStatus) => FINISHED.includes(status);

const TIMEOUT_MS = 15_000;
/** How often a session is read again when its stream broke. */
export const POLL_MS = 3_000;

/**
 * Under each resource's name: sessions; the flows (so that the flow editor's invalidation of
 * ['flows'] reaches the templates); a conversation (under ['conversations', id], so that the chat's
 * invalidation of a conversation reaches this view of it, which is the whole ConversationDto).
 */
export const collaborationKeys = {
  sessions: ['collaboration-sessions'] as const,
  session: (id: string) => ['collaboration-sessions', id] as const,
  templates: ['flows', 'templates'] as const,
  conversation: (id: string) => ['conversations', id, 'collaboration'] as const,
  /** Everything cached about a conversation, whichever feature reads it. */
  anyConversation: (id: string) => ['conversations', id] as const,
};

/** The session as the server says, with the steps already streamed in kept (each once, in order). */
function withKnownSteps(known: CollaborationSession | undefined, fresh: CollaborationSession): CollaborationSession {
  if (!known || known.id !== fresh.id) return fresh;
  return { ...fresh, deliberationLog: mergeSteps(known.deliberationLog, fresh.deliberationLog) };
}

/** Puts a session the server answered with into the cache (a start, a replay, a cancel, the stream). */
export function acceptSession(queryClient: QueryClient, session: CollaborationSession): void {
  queryClient.setQueryData<CollaborationSession>(collaborationKeys.session(session.id), (known) => withKnownSteps(known, session));
}

/** A step the stream brought, added to the cached session's log. */
export function acceptStep(queryClient: QueryClient, sessionId: string, step: DeliberationStep): void {
  queryClient.setQueryData<CollaborationSession>(collaborationKeys.session(sessionId), (known) =>
    known ? { ...known, deliberationLog: mergeSteps(known.deliberationLog, [step]) } : known,
  );
}

export interface SessionQueryOptions {
  /** Read it every 3 s until it finishes (its stream broke); a failed read stops that until it is retried. */
  poll?: boolean;
}

/**
 * GET /api/collaboration/sessions/{id}. The cache is kept current by what the server answers (the
 * start, the stream, a cancel), so an entry there is not read again on mount: a running session's
 * stream starts with the session as it is anyway.
 */
export function useCollaborationSession(id: string, { poll = false }: SessionQueryOptions = {}) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: collaborationKeys.session(id),
    queryFn: async ({ signal }) => {
      const fresh = (
        await api.GET('/api/collaboration/sessions/{id}', { params: { path: { id } }, signal: withTimeout(signal, TIMEOUT_MS) })
      ).data!;
      return withKnownSteps(queryClient.getQueryData(collaborationKeys.session(id)), fresh);
    },
    staleTime: Infinity,
    refetchInterval: (query) =>
      poll && query.state.status !== 'error' && !(query.state.data && isFinished(query.state.data.status)) ? POLL_MS : false,
  });
}

/** GET /api/flows: the templates the admins offer (a user is answered with those only; an admin with every flow). */
export function useFlowTemplates(enabled: boolean) {
  return useQuery({
    queryKey: collaborationKeys.templates,
    queryFn: async ({ signal }) =>
      (await api.GET('/api/flows', { signal: withTimeout(signal, TIMEOUT_MS) })).data!.filter((flow) => flow.isTemplate),
    enabled,
  });
}

/** GET /api/conversations/{id}: a flow or ecosystem conversation with its stored messages. */
export function useCollaborationConversation(id: string | undefined) {
  return useQuery({
    queryKey: collaborationKeys.conversation(id ?? ''),
    queryFn: async ({ signal }) =>
      (await api.GET('/api/conversations/{id}', { params: { path: { id: id! } }, signal: withTimeout(signal, TIMEOUT_MS) })).data!,
    enabled: Boolean(id),
  });
}

/** POST /api/conversations: a new flow or ecosystem conversation, put in the cache; the conversation lists are read again. */
export function useCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CollaborationConversationInput) =>
      (await api.POST('/api/conversations', { body, signal: AbortSignal.timeout(TIMEOUT_MS) })).data!,
    onSuccess: (conversation) => {
      queryClient.setQueryData(collaborationKeys.conversation(conversation.id), conversation);
      void queryClient.invalidateQueries({ queryKey: ['conversations'] });
    },
  });
}

/** A session started: in the cache as answered; its conversation (where the server stores the question) is read again. */
function onSessionStarted(queryClient: QueryClient, session: CollaborationSession): void {
  acceptSession(queryClient, session);
  void queryClient.invalidateQueries({ queryKey: collaborationKeys.sessions, exact: true });
  if (session.conversationId) void queryClient.invalidateQueries({ queryKey: collaborationKeys.anyConversation(session.conversationId) });
}

/** POST /api/collaboration/sessions: the team answers the query together. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: StartSessionInput) =>
      (await api.POST('/api/collaboration/sessions', { body, signal: AbortSignal.timeout(TIMEOUT_MS) })).data!,
    onSuccess: (session) => onSessionStarted(queryClient, session),
  });
}

/** POST /api/flows/{id}/run: a template run over its own agents and steps, a session like any other. */
export function useRunFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ flowId, query, conversationId }: { flowId: string; query: string; conversationId?: string }) =>
      (
        await api.POST('/api/flows/{id}/run', {
          params: { path: { id: flowId } },
          body: { query, ...(conversationId ? { conversationId } : {}) },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
      ).data!,
    onSuccess: (session) => onSessionStarted(queryClient, session),
  });
}

/** 'Repetir': a new session over the same team and question, with the agents' current prompts. */
export function useReplaySession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await api.POST('/api/collaboration/sessions/{id}/replay', { params: { path: { id } }, signal: AbortSignal.timeout(TIMEOUT_MS) })
      ).data!,
    onSuccess: (session) => onSessionStarted(queryClient, session),
  });
}

/** POST /api/collaboration/sessions/{id}/cancel: the session as cancelled (a finished one as it is). */
export function useCancelSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await api.POST('/api/collaboration/sessions/{id}/cancel', { params: { path: { id } }, signal: AbortSignal.timeout(TIMEOUT_MS) })
      ).data!,
    onSuccess: (session) => {
      acceptSession(queryClient, session);
      void queryClient.invalidateQueries({ queryKey: collaborationKeys.session(session.id) });
    },
  });
}

/** 'Guardar como ecosistema': a private ecosystem of the caller's with the session's agents; the ecosystems are read again. */
export function useSaveAsEcosystem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ sessionId, name }: { sessionId: string; name: string }) =>
      (
        await api.POST('/api/collaboration/sessions/{id}/save-as-ecosystem', {
          params: { path: { id: sessionId } },
          body: { name },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
      ).data!,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['ecosystems'] }), queryClient.invalidateQueries({ queryKey: ['user-ecosystems'] })]),
  });
}
