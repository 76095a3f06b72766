/** GET /agents/{id} and the marketplace items (spec section 3, Agent). */
export interface Agent {
  id: string;
  name: string;
  category: string;
  description: string;
  avatar: string | null;
  skills: string[];
  capabilities: string[];
  useCases: string[];
  price: number;
  rating: number;
  popularity: number;
  modelConfig: { modelId: string | null };
  /** The creator's public name (never their e-mail address), or 'system'. */
  createdBy: string;
  /** The creator's user id; null for the platform's sample agents. */
  creatorId?: string | null;
  isPublic: boolean;
  createdAt: string;
  updatedAt: string;
  /** The monthly price at the payment provider; null while free (or not yet priced). */
  priceId?: string | null;
}

/** Spec section 3, Ecosystem: a group of agents sold together, with a discount in percent. */
export interface Ecosystem {
  id: string;
  name: string;
  description: string;
  category: string;
  agentIds: string[];
  avatar: string | null;
  price: number;
  discount: number;
  /** Its maker's public name; 'admin' for the platform's own. */
  createdBy: string;
  creatorId?: string | null;
  isPublic: boolean;
  createdAt: string;
  updatedAt: string;
  tags: string[];
  featured: boolean;
  popularity: number;
  /** The monthly price (after the discount) at the payment provider; null while free. */
  priceId?: string | null;
}

export interface Page<T> {
  items: T[];
  /** Agents' totals are counted up to 1,000: with totalIsExact false there are more than `total`. */
  total: number;
  totalIsExact?: boolean;
  page: number;
  limit: number;
}

export const SORT_OPTIONS = ['popularity', 'rating', 'price-low', 'price-high'] as const;
export type SortBy = (typeof SORT_OPTIONS)[number];
/** Ecosystems have no rating. */
export const ECOSYSTEM_SORT_OPTIONS = ['popularity', 'price-low', 'price-high'] as const satisfies readonly SortBy[];

/** Spec section 3, Marketplace filters. */
export interface MarketplaceFilters {
  category: string;
  searchQuery: string;
  priceRange: [number, number];
  sortBy: SortBy;
}

export type MarketplaceKind = 'agents' | 'ecosystems';
