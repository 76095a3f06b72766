import { hashKey, useInfiniteQuery, useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, isApiError, withTimeout, type components, type paths } from '../../../shared/api';
import { AGENT_FETCH_TIMEOUT_MS } from '../../../shared/config';
import type { MarketplaceKind, MarketplaceSearch } from '../types';

export type Agent = components['schemas']['AgentDto'];
export type Ecosystem = components['schemas']['EcosystemDto'];
export type MarketplaceItem<K extends MarketplaceKind> = K extends 'agents' ? Agent : Ecosystem;
type MarketplacePage = components['schemas']['AgentPageDto'] | components['schemas']['EcosystemPageDto'];

/** What a detail page shows of a load: its failure (but while trying again), else what came, else the spinner; a 404 reads "not found". */
export type LoadView = 'loading' | 'ready' | 'not-found' | 'error';

export const isGone = (error: unknown) => isApiError(error) && error.status === 404;

export function loadView(load: { data: unknown; error: unknown; isFetching: boolean }): LoadView {
  if (load.error && !load.isFetching) return isGone(load.error) ? 'not-found' : 'error';
  return load.data === undefined ? 'loading' : 'ready';
}

/** The marketplace page size (the server's default). */
export const MARKETPLACE_PAGE_SIZE = 24;
/** Time-out for the list calls: a hung server should end in the load error, not a spinner forever. */
const LIST_TIMEOUT_MS = 15_000;

/**
 * Under each resource's name, so that another feature's invalidation of an agent or an ecosystem
 * reaches the marketplace's copies too. An agent is the same entry wherever a screen asks for it.
 */
export const marketplaceKeys = {
  agent: (id: string) => ['agents', id] as const,
  ecosystem: (id: string) => ['ecosystems', id] as const,
  lists: (kind: MarketplaceKind) => [kind, 'marketplace'] as const,
  list: (kind: MarketplaceKind, search: MarketplaceSearch) => [kind, 'marketplace', search] as const,
  popular: (limit: number) => ['agents', 'popular', limit] as const,
};

async function fetchAgent(id: string, signal: AbortSignal): Promise<Agent> {
  return (await api.GET('/api/agents/{id}', { params: { path: { id } }, signal: withTimeout(signal, AGENT_FETCH_TIMEOUT_MS) })).data!;
}

/** GET /api/agents/{id} (the spec's 10 s time-out); a 404 says it is gone or private. */
export function useAgent(id: string | undefined) {
  return useQuery({
    queryKey: marketplaceKeys.agent(id ?? ''),
    queryFn: ({ signal }) => fetchAgent(id!, signal),
    enabled: Boolean(id),
  });
}

/** Each of these agents (an ecosystem's), one query per agent. */
export function useAgents(ids: readonly string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: marketplaceKeys.agent(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchAgent(id, signal),
    })),
  });
}

/** GET /api/ecosystems/{id} (10 s time-out). */
export function useEcosystem(id: string | undefined) {
  return useQuery({
    queryKey: marketplaceKeys.ecosystem(id ?? ''),
    queryFn: async ({ signal }) =>
      (
        await api.GET('/api/ecosystems/{id}', {
          params: { path: { id: id! } },
          signal: withTimeout(signal, AGENT_FETCH_TIMEOUT_MS),
        })
      ).data!,
    enabled: Boolean(id),
  });
}

export type Creator = components['schemas']['CreatorDto'];

/** GET /api/creators/{username}: a creator's public page; a 404 says nobody has that public name. */
export function useCreator(username: string | undefined) {
  return useQuery({
    queryKey: ['creators', username ?? ''] as const,
    queryFn: async ({ signal }) =>
      (await api.GET('/api/creators/{username}', { params: { path: { username: username! } }, signal: withTimeout(signal, AGENT_FETCH_TIMEOUT_MS) })).data!,
    enabled: Boolean(username),
  });
}

/** The landing's showcase: the most popular public agents whose description says what they do. */
export function usePopularAgents(limit: number) {
  return useQuery({
    queryKey: marketplaceKeys.popular(limit),
    queryFn: async ({ signal }) =>
      (
        await api.GET('/api/marketplace/agents', {
          params: { query: { sortBy: 'popularity', limit, described: true } },
          signal: withTimeout(signal, LIST_TIMEOUT_MS),
        })
      ).data!.items,
  });
}

type AgentsQuery = NonNullable<paths['/api/marketplace/agents']['get']['parameters']['query']>;

async function fetchMarketplacePage(kind: MarketplaceKind, search: MarketplaceSearch, page: number, signal: AbortSignal): Promise<MarketplacePage> {
  const options = { signal: withTimeout(signal, LIST_TIMEOUT_MS) };
  if (kind === 'ecosystems') return (await api.GET('/api/marketplace/ecosystems', { ...options, params: { query: { ...search, page } } })).data!;
  // The filter offers only the server's category slugs and 'all', the values the contract lists.
  const category = search.category as AgentsQuery['category'];
  return (await api.GET('/api/marketplace/agents', { ...options, params: { query: { ...search, category, page } } })).data!;
}

/**
 * One marketplace grid's pages ('Cargar más' adds the next). Only the grid on screen and the one
 * last left are kept (`forgetOtherLists`), and with no expiry: the way back from a detail page
 * finds every page it had loaded, without asking for them again.
 */
export function useMarketplacePages(kind: MarketplaceKind, search: MarketplaceSearch) {
  return useInfiniteQuery({
    queryKey: marketplaceKeys.list(kind, search),
    queryFn: ({ pageParam, signal }) => fetchMarketplacePage(kind, search, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => last.page + 1,
    gcTime: Infinity,
    // Kept pages are shown as they were; only another feature's invalidation loads them again.
    refetchOnMount: (query) => query.state.isInvalidated,
  });
}

/** Drops the grids of this kind that no grid shows, but `keep`: a grid opened afresh, or whose filters changed, starts at page 1. */
export function forgetOtherLists(queryClient: QueryClient, kind: MarketplaceKind, keep?: MarketplaceSearch) {
  const kept = keep && hashKey(marketplaceKeys.list(kind, keep));
  queryClient.removeQueries({ queryKey: marketplaceKeys.lists(kind), type: 'inactive', predicate: (query) => query.queryHash !== kept });
}
