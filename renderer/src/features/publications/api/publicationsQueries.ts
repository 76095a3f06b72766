import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, isApiError, type components } from '../../../shared/api';

/** GET /api/publications item: the agent's API (spec section 3 names its id `apiId`; `id` is the same). */
export type Publication = components['schemas']['PublicationDto'];
/** A prompt version number, or 'current' to follow whichever version is current. */
export type PinnedVersion = Publication['pinnedVersion'];
export type PublicationChanges = components['schemas']['UpdatePublicationDto'];
/** A key as listed: never its secret. */
export type ApiKey = components['schemas']['ApiKeyDto'];
/** A key just created: the only answer that carries its secret. */
export type CreatedApiKey = components['schemas']['CreatedApiKeyDto'];
/** POST /api/agent/{id}/publication: the publication with its default key, secret included, beside it. */
export type CreatedPublication = components['schemas']['CreatedPublicationDto'];
export type NewApiKey = components['schemas']['CreateApiKeyDto'];
export type UsageDay = components['schemas']['UsageDayDto'];
/** What the pinned-version picker needs of a prompt version. */
export type PromptVersionOption = Pick<components['schemas']['PromptVersionDto'], 'version' | 'name' | 'isCurrentVersion'>;

/**
 * The caller's publications, each publication's keys and usage under it, and an agent's prompt
 * versions under the prompts (so that a new version saved in the prompt editor reaches the picker).
 */
export const publicationsKeys = {
  all: ['publications'] as const,
  list: ['publications', 'list'] as const,
  publication: (publicationId: string) => ['publications', publicationId] as const,
  keys: (publicationId: string) => ['publications', publicationId, 'keys'] as const,
  usage: (publicationId: string) => ['publications', publicationId, 'usage'] as const,
  versions: (agentId: string) => ['prompts', agentId, 'versions'] as const,
};

/** Every change of this screen, so that the screen can tell that one is under way. */
export const publicationsMutationKey = ['publications'] as const;

/** The key as it may be kept: its listed fields, never a secret, whatever the server sent. */
export function withoutSecret(key: ApiKey | CreatedApiKey): ApiKey {
  const { keyId, name, prefix, rateLimitPerMinute, monthlyRequestQuota, monthlyTokenQuota, createdAt, lastUsedAt, expiresAt, allowConfirmedTools } = key;
  return { keyId, name, prefix, rateLimitPerMinute, monthlyRequestQuota, monthlyTokenQuota, createdAt, lastUsedAt, expiresAt, allowConfirmedTools: allowConfirmedTools === true };
}

/** The publication as kept: with its listed keys (never secrets) and without the created key's secret. */
function asKept(publication: Publication | CreatedPublication): Publication {
  const { id, apiId, agentId, name, description, enabled, pinnedVersion, createdAt, updatedAt, endpoints, apiKeys } = publication;
  return { id, apiId, agentId, name, description, enabled, pinnedVersion, createdAt, updatedAt, endpoints, apiKeys: (apiKeys ?? []).map(withoutSecret) };
}

const fetchPublications = async ({ signal }: { signal: AbortSignal }) => (await api.GET('/api/publications', { signal })).data!.map(asKept);

/** GET /api/publications: the caller's publications, of every agent. */
export function useMyPublications() {
  return useQuery({ queryKey: publicationsKeys.list, queryFn: fetchPublications });
}

/** GET /api/publications (the caller's, of every agent): the agent's own, or null when it is not published. */
export function useAgentPublication(agentId: string) {
  return useQuery({
    queryKey: publicationsKeys.list,
    queryFn: fetchPublications,
    select: (publications) => publications.find((publication) => publication.agentId === agentId) ?? null,
  });
}

/** GET /api/publication/{id}/keys: listed without secrets. */
export function useApiKeys(publicationId: string | null) {
  return useQuery({
    queryKey: publicationsKeys.keys(publicationId ?? ''),
    queryFn: async ({ signal }) =>
      (await api.GET('/api/publication/{id}/keys', { params: { path: { id: publicationId! } }, signal })).data!.map(withoutSecret),
    enabled: publicationId !== null,
  });
}

/** GET /api/publication/{id}/usage: calls per day and per key. */
export function usePublicationUsage(publicationId: string | null) {
  return useQuery({
    queryKey: publicationsKeys.usage(publicationId ?? ''),
    queryFn: async ({ signal }) => (await api.GET('/api/publication/{id}/usage', { params: { path: { id: publicationId! } }, signal })).data!.days,
    enabled: publicationId !== null,
  });
}

/** GET /api/fine-tuning/agent-prompts/{agentId}/versions, for the pinned-version picker; a 404 is none (spec section 7). */
export function usePromptVersions(agentId: string, enabled: boolean) {
  return useQuery({
    queryKey: publicationsKeys.versions(agentId),
    queryFn: async ({ signal }): Promise<PromptVersionOption[]> => {
      try {
        const { data } = await api.GET('/api/fine-tuning/agent-prompts/{agentId}/versions', { params: { path: { agentId } }, signal });
        return data!.map(({ version, name, isCurrentVersion }) => ({ version, name, isCurrentVersion }));
      } catch (error) {
        if (isApiError(error) && error.status === 404) return [];
        throw error;
      }
    },
    enabled,
  });
}

function showPublications(queryClient: QueryClient, change: (publications: Publication[]) => Publication[]): void {
  queryClient.setQueryData<Publication[]>(publicationsKeys.list, (publications) => (publications ? change(publications) : publications));
}

function showKeys(queryClient: QueryClient, publicationId: string, change: (keys: ApiKey[]) => ApiKey[]): void {
  queryClient.setQueryData<ApiKey[]>(publicationsKeys.keys(publicationId), (keys = []) => change(keys));
}

/**
 * POST /api/agent/{id}/publication: publishes the agent with its default key, whose secret comes
 * only in this answer (for the one modal that shows it; no cache keeps it: gcTime 0).
 */
export function usePublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: publicationsMutationKey,
    gcTime: 0,
    mutationFn: async (agentId: string): Promise<CreatedPublication> =>
      // The name and description default to the agent's.
      (await api.POST('/api/agent/{id}/publication', { params: { path: { id: agentId } }, body: {} })).data!,
    onSuccess: (created) => {
      const publication = asKept(created);
      showPublications(queryClient, (publications) => [publication, ...publications.filter((item) => item.id !== publication.id)]);
      const defaultKey = withoutSecret(created.apiKey);
      showKeys(queryClient, publication.id, (keys) => [defaultKey, ...keys.filter((key) => key.keyId !== defaultKey.keyId)]);
      void queryClient.invalidateQueries({ queryKey: publicationsKeys.all });
    },
  });
}

/** DELETE /api/publication/{id}: every key stops working. */
export function useUnpublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: publicationsMutationKey,
    mutationFn: async (publicationId: string) => {
      await api.DELETE('/api/publication/{id}', { params: { path: { id: publicationId } } });
    },
    onSuccess: (_, publicationId) => {
      showPublications(queryClient, (publications) => publications.filter((publication) => publication.id !== publicationId));
      queryClient.removeQueries({ queryKey: publicationsKeys.publication(publicationId) });
      void queryClient.invalidateQueries({ queryKey: publicationsKeys.list });
    },
  });
}

/** PUT /api/publication/{id}: on or off, and the pinned prompt version. */
export function useUpdatePublication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: publicationsMutationKey,
    mutationFn: async ({ publicationId, changes }: { publicationId: string; changes: PublicationChanges }) =>
      (await api.PUT('/api/publication/{id}', { params: { path: { id: publicationId } }, body: changes })).data!,
    onSuccess: (updated) => {
      const publication = asKept(updated);
      showPublications(queryClient, (publications) => publications.map((item) => (item.id === publication.id ? publication : item)));
      void queryClient.invalidateQueries({ queryKey: publicationsKeys.list });
    },
  });
}

/** POST /api/publication/{id}/keys: the answer carries the secret, for the one modal that shows it (gcTime 0). */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: publicationsMutationKey,
    gcTime: 0,
    mutationFn: async ({ publicationId, key }: { publicationId: string; key: NewApiKey }): Promise<CreatedApiKey> =>
      (await api.POST('/api/publication/{id}/keys', { params: { path: { id: publicationId } }, body: key })).data!,
    onSuccess: (created, { publicationId }) => {
      const listed = withoutSecret(created);
      showKeys(queryClient, publicationId, (keys) => [...keys.filter((key) => key.keyId !== listed.keyId), listed]);
      void queryClient.invalidateQueries({ queryKey: publicationsKeys.keys(publicationId) });
    },
  });
}

/** DELETE /api/publication/{id}/keys/{keyId}: calls with it are refused at once. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: publicationsMutationKey,
    mutationFn: async ({ publicationId, keyId }: { publicationId: string; keyId: string }) => {
      await api.DELETE('/api/publication/{id}/keys/{keyId}', { params: { path: { id: publicationId, keyId } } });
    },
    onSuccess: (_, { publicationId, keyId }) => {
      showKeys(queryClient, publicationId, (keys) => keys.filter((key) => key.keyId !== keyId));
      void queryClient.invalidateQueries({ queryKey: publicationsKeys.keys(publicationId) });
    },
  });
}
