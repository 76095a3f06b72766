import { apiClient } from '../../../shared/api';
import { AGENT_FETCH_TIMEOUT_MS } from '../../../shared/config';
import { marketplaceQuery } from '../state/filters';
import type { Agent, Ecosystem, MarketplaceFilters, MarketplaceKind, Page } from '../types';

/** The marketplace page size (the server's default). */
export const MARKETPLACE_PAGE_SIZE = 24;
/** Time-out for the list calls: a hung server should end in the load error, not a spinner forever. */
const LIST_TIMEOUT_MS = 15_000;

export function fetchMarketplacePage<K extends MarketplaceKind>(
  kind: K,
  filters: MarketplaceFilters,
  page = 1,
  { signal, limit = MARKETPLACE_PAGE_SIZE }: { signal?: AbortSignal; limit?: number } = {},
): Promise<Page<K extends 'agents' ? Agent : Ecosystem>> {
  return apiClient.get(`/marketplace/${kind}`, {
    query: marketplaceQuery(filters, kind, page, limit),
    timeoutMs: LIST_TIMEOUT_MS,
    signal,
  });
}

/** The landing's showcase: the most popular public agents whose description says what they do. */
export function fetchPopularAgents(limit: number, signal?: AbortSignal): Promise<Page<Agent>> {
  return apiClient.get('/marketplace/agents', {
    query: { sortBy: 'popularity', limit, described: true },
    timeoutMs: LIST_TIMEOUT_MS,
    signal,
  });
}

export function fetchAgent(id: string, signal?: AbortSignal): Promise<Agent> {
  return apiClient.get(`/agents/${encodeURIComponent(id)}`, { timeoutMs: AGENT_FETCH_TIMEOUT_MS, signal });
}

export function fetchEcosystem(id: string, signal?: AbortSignal): Promise<Ecosystem> {
  return apiClient.get(`/ecosystems/${encodeURIComponent(id)}`, { timeoutMs: AGENT_FETCH_TIMEOUT_MS, signal });
}

/** An ecosystem's agents; ones that are gone or private are left out rather than failing the page. */
export async function fetchAgentsByIds(ids: readonly string[], signal?: AbortSignal): Promise<Agent[]> {
  const results = await Promise.allSettled(ids.map((id) => fetchAgent(id, signal)));
  return results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
}
