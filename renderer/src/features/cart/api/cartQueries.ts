import { useQueries } from '@tanstack/react-query';
import { api, withTimeout, type components } from '../../../shared/api';
import { AGENT_FETCH_TIMEOUT_MS } from '../../../shared/config';

/** What the cart shows of an agent (GET /api/agents/{id}). */
export type CartAgent = Pick<components['schemas']['AgentDto'], 'id' | 'name' | 'category' | 'description' | 'avatar' | 'price' | 'priceId' | 'creatorId'>;

/** An agent, as the server answers GET /api/agents/{id}: the same key wherever a screen asks for it. */
export const agentKey = (id: string) => ['agents', id] as const;

/** Each agent in the cart, loaded once per id (the spec's 10 s time-out each). */
export function useAgentsInCart(ids: readonly string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: agentKey(id),
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<CartAgent> =>
        (await api.GET('/api/agents/{id}', { params: { path: { id } }, signal: withTimeout(signal, AGENT_FETCH_TIMEOUT_MS) })).data!,
    })),
  });
}

/** Sum of the prices, in cents to avoid 0.1 + 0.2 surprises. */
export function cartTotalOf(agents: readonly Pick<CartAgent, 'price'>[]): number {
  return agents.reduce((sum, agent) => sum + Math.round((agent.price || 0) * 100), 0) / 100;
}
