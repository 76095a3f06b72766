import type { paths } from '../../shared/api';

type AgentsSearch = NonNullable<paths['/api/marketplace/agents']['get']['parameters']['query']>;

export const SORT_OPTIONS = ['popularity', 'rating', 'price-low', 'price-high'] as const satisfies readonly NonNullable<AgentsSearch['sortBy']>[];
export type SortBy = (typeof SORT_OPTIONS)[number];
/** Ecosystems have no rating. */
export const ECOSYSTEM_SORT_OPTIONS = ['popularity', 'price-low', 'price-high'] as const satisfies readonly SortBy[];

/** Spec section 3, Marketplace filters: what the user chose (client state); the query sent is built from it. */
export interface MarketplaceFilters {
  category: string;
  searchQuery: string;
  priceRange: [number, number];
  sortBy: SortBy;
}

export type MarketplaceKind = 'agents' | 'ecosystems';

/** The query of GET /api/marketplace/{agents|ecosystems} but its page (an agents' category is one of the slugs). */
export type MarketplaceSearch = Omit<NonNullable<paths['/api/marketplace/ecosystems']['get']['parameters']['query']>, 'page'>;
