import { atom } from 'jotai';
import { DEFAULT_PRICE_RANGE, DEFAULT_SORT } from '../../../shared/config';
import {
  ECOSYSTEM_SORT_OPTIONS,
  SORT_OPTIONS,
  type MarketplaceFilters,
  type MarketplaceKind,
  type MarketplaceSearch,
  type SortBy,
} from '../types';

export const defaultFilters: MarketplaceFilters = {
  category: 'all',
  searchQuery: '',
  priceRange: [DEFAULT_PRICE_RANGE[0], DEFAULT_PRICE_RANGE[1]],
  sortBy: DEFAULT_SORT as SortBy,
};

/** Spec section 5: unknown sorts fall back to popularity, and ecosystems cannot sort by rating. */
export function normaliseSort(value: unknown, kind: MarketplaceKind = 'agents'): SortBy {
  const allowed: readonly string[] = kind === 'ecosystems' ? ECOSYSTEM_SORT_OPTIONS : SORT_OPTIONS;
  return typeof value === 'string' && allowed.includes(value) ? (value as SortBy) : 'popularity';
}

/** Spec section 5: a non-string category means all. */
export function normaliseCategory(value: unknown): string {
  if (typeof value !== 'string') return 'all';
  const category = value.trim();
  return category === '' ? 'all' : category;
}

/** Spec section 5: the lower bound is at least 0, the upper defaults to 1000, and low ≤ high. */
export function normalisePriceRange(range: readonly unknown[] | undefined): [number, number] {
  const [low, high] = range ?? [];
  const min = typeof low === 'number' && Number.isFinite(low) ? Math.max(0, low) : DEFAULT_PRICE_RANGE[0];
  const max = typeof high === 'number' && Number.isFinite(high) ? Math.max(0, high) : DEFAULT_PRICE_RANGE[1];
  return min <= max ? [min, max] : [max, min];
}

/** A minimum above the maximum is refused in the filters bar and never sent (the API answers 400). */
export function isPriceRangeValid([low, high]: readonly [number, number]): boolean {
  return low <= high;
}

/** The query sent to GET /marketplace/{agents|ecosystems} for these filters (the page aside). */
export function marketplaceQuery(filters: MarketplaceFilters, kind: MarketplaceKind, limit: number): MarketplaceSearch {
  const category = normaliseCategory(filters.category);
  const search = filters.searchQuery.trim();
  const [minPrice, maxPrice] = normalisePriceRange(filters.priceRange);
  return {
    category: category === 'all' ? undefined : category,
    search: search === '' ? undefined : search,
    minPrice,
    maxPrice,
    sortBy: normaliseSort(filters.sortBy, kind),
    limit,
  };
}

export const filtersAtom = atom<MarketplaceFilters>(defaultFilters);
export const marketplaceTabAtom = atom<MarketplaceKind>('agents');
/** How many pages of the grid on screen to show ('Cargar más' adds one); other filters or another tab start again at one. */
export const marketplacePagesAtom = atom(1);

export const setFilterAtom = atom(null, (get, set, patch: Partial<MarketplaceFilters>) => {
  set(filtersAtom, { ...get(filtersAtom), ...patch });
  set(marketplacePagesAtom, 1);
});

export const resetFiltersAtom = atom(null, (_get, set) => {
  set(filtersAtom, defaultFilters);
  set(marketplacePagesAtom, 1);
});

export const setMarketplaceTabAtom = atom(null, (_get, set, tab: MarketplaceKind) => {
  set(marketplaceTabAtom, tab);
  set(marketplacePagesAtom, 1);
});

export function isDefaultFilters(filters: MarketplaceFilters): boolean {
  return (
    normaliseCategory(filters.category) === 'all' &&
    filters.searchQuery.trim() === '' &&
    filters.priceRange[0] === defaultFilters.priceRange[0] &&
    filters.priceRange[1] === defaultFilters.priceRange[1] &&
    filters.sortBy === defaultFilters.sortBy
  );
}

/** Whether the filters leave anything out (the sort only orders): an empty grid then means 'nothing matches', not 'nothing yet'. */
export function narrowsResults(filters: MarketplaceFilters): boolean {
  return (
    normaliseCategory(filters.category) !== 'all' ||
    filters.searchQuery.trim() !== '' ||
    filters.priceRange[0] !== defaultFilters.priceRange[0] ||
    filters.priceRange[1] !== defaultFilters.priceRange[1]
  );
}

/** How many filters differ from their default, for the phone's 'Filtros' button. */
export function activeFilterCount(filters: MarketplaceFilters, kind: MarketplaceKind): number {
  return [
    normaliseCategory(filters.category) !== 'all',
    filters.searchQuery.trim() !== '',
    filters.priceRange[0] !== defaultFilters.priceRange[0] || filters.priceRange[1] !== defaultFilters.priceRange[1],
    normaliseSort(filters.sortBy, kind) !== defaultFilters.sortBy,
  ].filter(Boolean).length;
}
