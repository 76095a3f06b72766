import { apiClient } from '../../../shared/api';
import { AGENT_FETCH_TIMEOUT_MS } from '../../../shared/config';

/** What the cart shows of an agent (GET /agents/{id}). */
export interface CartAgent {
  id: string;
  name: string;
  category: string;
  description: string;
  avatar: string | null;
  price: number;
  /** The monthly price at the payment provider; null while free. */
  priceId?: string | null;
}

export function fetchCartAgent(id: string, signal?: AbortSignal): Promise<CartAgent> {
  return apiClient.get<CartAgent>(`/agents/${encodeURIComponent(id)}`, { timeoutMs: AGENT_FETCH_TIMEOUT_MS, signal });
}

/** Sum of the prices, in cents to avoid 0.1 + 0.2 surprises. */
export function cartTotalOf(agents: readonly Pick<CartAgent, 'price'>[]): number {
  return agents.reduce((sum, agent) => sum + Math.round((agent.price || 0) * 100), 0) / 100;
}
