import { hashKey, useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api, isApiError, withTimeout, type components } from '../../../shared/api';
import { AGENT_FETCH_TIMEOUT_MS } from '../../../shared/config';

/** An agent as GET /api/agents/{id} and POST /api/agents answer it (spec section 3). */
export type Agent = components['schemas']['AgentDto'];
/** POST /api/agents: the fields of the form; an `id` that exists updates that agent. */
export type SaveAgentBody = components['schemas']['SaveAgentDto'];
export type Category = Agent['category'];

/** Saving, uploading and deleting should not leave the form waiting forever on a stuck server. */
const EDITOR_TIMEOUT_MS = 20_000;

/**
 * Under each resource's name: the agent is the same entry wherever a screen asks for it (the
 * marketplace's detail page too), and its current prompt the same as the admin's.
 */
export const agentEditorKeys = {
  agent: (id: string) => ['agents', id] as const,
  /** The current prompt's text, '' when the agent has none. */
  prompt: (id: string) => ['prompts', id, 'current'] as const,
};

/** GET /api/agents/{id} (the spec's 10 s time-out); a 404 says it is gone or someone else's private agent. */
export function useEditableAgent(agentId: string | undefined) {
  return useQuery({
    queryKey: agentEditorKeys.agent(agentId ?? ''),
    queryFn: async ({ signal }) =>
      (await api.GET('/api/agents/{id}', { params: { path: { id: agentId! } }, signal: withTimeout(signal, AGENT_FETCH_TIMEOUT_MS) })).data!,
    enabled: Boolean(agentId),
  });
}

/** GET /api/agent-prompts/{agentId}: the current prompt; spec section 7, a 404 means none (''). */
export function useCurrentPrompt(agentId: string | undefined) {
  return useQuery({
    queryKey: agentEditorKeys.prompt(agentId ?? ''),
    queryFn: async ({ signal }): Promise<string> => {
      try {
        const { data } = await api.GET('/api/agent-prompts/{agentId}', {
          params: { path: { agentId: agentId! } },
          signal: withTimeout(signal, AGENT_FETCH_TIMEOUT_MS),
        });
        return data?.prompt ?? '';
      } catch (error) {
        if (isApiError(error) && error.status === 404) return '';
        throw error;
      }
    },
    enabled: Boolean(agentId),
  });
}

/** Marks these as changed, but not the entries just put in the cache from the server's answer. */
function invalidateAllBut(queryClient: QueryClient, queryKeys: QueryKey[], answered: QueryKey[]) {
  const kept = new Set(answered.map((key) => hashKey(key)));
  for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey, predicate: (query) => !kept.has(query.queryHash) });
}

/**
 * Everything that shows agents may show this one: the marketplace, 'Mis Agentes' (['agents',
 * 'creator', …] and the team's cards), the admin's lists and figures.
 */
const AGENT_VIEWS: QueryKey[] = [['agents'], ['user-agents'], ['users'], ['metrics']];

/** POST /api/agents: creates or updates the agent (and its prompt, when `prompt` is sent). */
export function useSaveAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SaveAgentBody) => (await api.POST('/api/agents', { body, signal: AbortSignal.timeout(EDITOR_TIMEOUT_MS) })).data!,
    onSuccess: (saved, body) => {
      queryClient.setQueryData(agentEditorKeys.agent(saved.id), saved);
      const answered: QueryKey[] = [agentEditorKeys.agent(saved.id)];
      if (body.prompt !== undefined) {
        queryClient.setQueryData(agentEditorKeys.prompt(saved.id), body.prompt);
        answered.push(agentEditorKeys.prompt(saved.id));
      }
      // A new prompt is a new version in the prompt's other views.
      invalidateAllBut(queryClient, [...AGENT_VIEWS, ...(body.prompt !== undefined ? [['prompts', saved.id]] : [])], answered);
    },
  });
}

/** DELETE /api/agents/{id}: the agent, its prompt and its place in teams and ecosystems go. */
export function useDeleteAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (agentId: string) =>
      (await api.DELETE('/api/agents/{id}', { params: { path: { id: agentId } }, signal: AbortSignal.timeout(EDITOR_TIMEOUT_MS) })).data!,
    onSuccess: (_, agentId) => {
      const own: QueryKey[] = [['agents', agentId], ['prompts', agentId]];
      // The editor still shows it until it has left: its entries are not asked for again (a 404), and go when no screen shows them.
      for (const queryKey of own) {
        queryClient.removeQueries({ queryKey, type: 'inactive' });
        void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
      }
      const gone = (queryKey: readonly unknown[]) => own.some((key) => key.every((part, index) => queryKey[index] === part));
      for (const queryKey of [...AGENT_VIEWS, ['user-ecosystems'], ['ecosystems']]) {
        void queryClient.invalidateQueries({ queryKey, predicate: (query) => !gone(query.queryKey) });
      }
    },
  });
}

/** POST /api/files: the avatar's image; the agent keeps the file's signed URL. */
export function useUploadAvatar() {
  return useMutation({
    mutationFn: async (file: File) =>
      (
        await api.POST('/api/files', {
          // The contract types the file as its binary's text; the body is the multipart form.
          body: { file: file as unknown as string },
          bodySerializer: ({ file: content }) => {
            const form = new FormData();
            form.append('file', content as unknown as File);
            return form;
          },
          signal: AbortSignal.timeout(EDITOR_TIMEOUT_MS),
        })
      ).data!,
  });
}
