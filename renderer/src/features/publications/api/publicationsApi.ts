import { apiClient } from '../../../shared/api';
import { toCreatedPublication, toPublication } from './normalise';
import type {
  ApiKey,
  CreatedApiKey,
  CreatePublicationResult,
  NewApiKey,
  PromptVersionOption,
  Publication,
  PublicationChanges,
  PublicationUsage,
} from '../types';

const id = encodeURIComponent;
const publicationPath = (publicationId: string) => `/publication/${id(publicationId)}`;

/** Every call of the publications screen (spec section 7, Publications). */
export const publicationsApi = {
  /** Publishes the agent and creates its default key, whose secret comes only in this answer. */
  publish: async (agentId: string): Promise<CreatePublicationResult> =>
    toCreatedPublication(await apiClient.post<unknown>(`/agent/${id(agentId)}/publication`)),

  /** The caller's publications, of every agent. */
  list: async (signal?: AbortSignal): Promise<Publication[]> => {
    const answer = await apiClient.get<unknown>('/publications', { signal });
    return Array.isArray(answer) ? answer.map(toPublication) : [];
  },

  get: async (publicationId: string, signal?: AbortSignal): Promise<Publication> =>
    toPublication(await apiClient.get<unknown>(publicationPath(publicationId), { signal })),

  update: async (publicationId: string, changes: PublicationChanges): Promise<Publication> =>
    toPublication(await apiClient.put<unknown>(publicationPath(publicationId), { body: changes })),

  remove: (publicationId: string) => apiClient.delete<unknown>(publicationPath(publicationId)),

  keys: (publicationId: string, signal?: AbortSignal) => apiClient.get<ApiKey[]>(`${publicationPath(publicationId)}/keys`, { signal }),

  createKey: (publicationId: string, key: NewApiKey) =>
    apiClient.post<CreatedApiKey>(`${publicationPath(publicationId)}/keys`, { body: key }),

  revokeKey: (publicationId: string, keyId: string) =>
    apiClient.delete<unknown>(`${publicationPath(publicationId)}/keys/${id(keyId)}`),

  usage: (publicationId: string, signal?: AbortSignal) =>
    apiClient.get<PublicationUsage>(`${publicationPath(publicationId)}/usage`, { signal }),

  /** The agent's prompt versions, for the pinned-version picker. */
  promptVersions: (agentId: string, signal?: AbortSignal) =>
    apiClient.get<PromptVersionOption[]>(`/fine-tuning/agent-prompts/${id(agentId)}/versions`, { signal }),
};
