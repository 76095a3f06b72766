import { apiClient, getAllPages, isApiError } from '../../../shared/api';
import type { CreatedAgent, TeamAgentInput, UserAgent, UserEcosystem } from '../types';

/** Team calls should not hang the sidebar or the office on a stuck server. */
const TEAM_TIMEOUT_MS = 15_000;

const user = (userId: string) => encodeURIComponent(userId);

/** Spec section 7: a 404 on user agents or user ecosystems is an empty team. */
async function emptyOn404<T>(call: Promise<T[]>): Promise<T[]> {
  try {
    return (await call) ?? [];
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

export const teamApi = {
  listAgents: (userId: string, signal?: AbortSignal) =>
    emptyOn404(apiClient.get<UserAgent[]>(`/user-agents/${user(userId)}`, { timeoutMs: TEAM_TIMEOUT_MS, signal })),

  addAgent: (userId: string, agent: TeamAgentInput) =>
    apiClient.post<UserAgent>(`/user-agents/${user(userId)}`, {
      body: {
        agentId: agent.id,
        name: agent.name,
        category: agent.category,
        description: agent.description,
        ...(agent.avatar ? { avatar: agent.avatar } : {}),
      },
      timeoutMs: TEAM_TIMEOUT_MS,
    }),

  removeAgent: (userId: string, agentId: string) =>
    apiClient.delete<unknown>(`/user-agents/${user(userId)}/${encodeURIComponent(agentId)}`, { timeoutMs: TEAM_TIMEOUT_MS }),

  listEcosystems: (userId: string, signal?: AbortSignal) =>
    emptyOn404(
      apiClient.get<UserEcosystem[]>(`/user-ecosystems/${user(userId)}`, { timeoutMs: TEAM_TIMEOUT_MS, signal }),
    ),

  addEcosystem: (userId: string, ecosystemId: string) =>
    apiClient.post<UserEcosystem>(`/user-ecosystems/${user(userId)}`, { body: { ecosystemId }, timeoutMs: TEAM_TIMEOUT_MS }),

  removeEcosystem: (userId: string, ecosystemId: string) =>
    apiClient.delete<unknown>(`/user-ecosystems/${user(userId)}/${encodeURIComponent(ecosystemId)}`, {
      timeoutMs: TEAM_TIMEOUT_MS,
    }),

  /** The user's own agents, private ones included: all of them, page after page. */
  listCreatedAgents: async (userId: string, signal?: AbortSignal): Promise<CreatedAgent[]> => {
    const agents = await getAllPages<CreatedAgent>('/agents', { query: { creator: userId }, timeoutMs: TEAM_TIMEOUT_MS, signal });
    return agents.map(({ id, name, category, avatar }) => ({ id, name, category, avatar }));
  },
};

/**
 * The ecosystem service is down or unreachable (no answer, time-out, 5xx, a non-JSON page): the
 * cases where spec section 7 keeps the change locally. A 4xx is a real answer and is not one.
 */
export function isServiceFailure(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.kind === 'aborted') return false;
  if (error.kind !== 'http') return true;
  return error.status >= 500;
}
