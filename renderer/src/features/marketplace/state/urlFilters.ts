import { defaultFilters, normaliseCategory, normaliseSort } from './filters';
import type { MarketplaceFilters, MarketplaceKind } from '../types';

/**
 * The marketplace's filters in its address (issue 31), so that a reload or a shared link shows the
 * same grid: /marketplace?tab=ecosystems&category=finance&search=contratos&sortBy=price-low&minPrice=10&maxPrice=50.
 * Only what differs from the default is written; the names are the listing API's.
 */
export const FILTER_PARAMS = ['tab', 'category', 'search', 'sortBy', 'minPrice', 'maxPrice', 'page'] as const;
/** The most pages an address may ask for at once (24 each): a hand-made ?page=500 loads no more than these. */
export const MAX_URL_PAGES = 20;

export interface MarketplaceUrlState {
  filters: MarketplaceFilters;
  tab: MarketplaceKind;
  /** How many pages the grid shows ('Cargar más'), written as page=N from the second. */
  pages: number;
}

/** A price bound from the address: a number of at least 0 (as the fields keep it), else the default. */
function priceParam(value: string | null, fallback: number): number {
  if (value === null || value.trim() === '') return fallback;
  const number = Number(value);
  return Number.isFinite(number) ? Math.max(0, number) : fallback;
}

/** What the address says, normalised as spec section 5 asks (unknown sort → popularity, no category → all…). */
export function filtersFromUrl(params: URLSearchParams): MarketplaceUrlState {
  const tab: MarketplaceKind = params.get('tab') === 'ecosystems' ? 'ecosystems' : 'agents';
  const page = Number(params.get('page'));
  return {
    tab,
    pages: Number.isInteger(page) && page > 1 ? Math.min(page, MAX_URL_PAGES) : 1,
    filters: {
      category: normaliseCategory(params.get('category') ?? undefined),
      searchQuery: params.get('search') ?? '',
      // A minimum above the maximum stays as it came: the bar shows its error, as when typed.
      priceRange: [priceParam(params.get('minPrice'), defaultFilters.priceRange[0]), priceParam(params.get('maxPrice'), defaultFilters.priceRange[1])],
      // The rating sort is kept on the ecosystems tab too (it shows there as popularity), as in the bar.
      sortBy: normaliseSort(params.get('sortBy')),
    },
  };
}

/** The address's query for these filters: `params`' other entries kept, the filters' replaced (defaults left out). */
export function urlWithFilters(params: URLSearchParams, { filters, tab, pages }: MarketplaceUrlState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of FILTER_PARAMS) next.delete(name);
  if (tab !== 'agents') next.set('tab', tab);
  const category = normaliseCategory(filters.category);
  if (category !== 'all') next.set('category', category);
  if (filters.searchQuery !== '') next.set('search', filters.searchQuery);
  const sortBy = normaliseSort(filters.sortBy);
  if (sortBy !== defaultFilters.sortBy) next.set('sortBy', sortBy);
  const [min, max] = filters.priceRange;
  if (min !== defaultFilters.priceRange[0]) next.set('minPrice', String(min));
  if (max !== defaultFilters.priceRange[1]) next.set('maxPrice', String(max));
  if (pages > 1) next.set('page', String(pages));
  return next;
}
