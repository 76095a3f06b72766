import { useQueryClient } from '@tanstack/react-query';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useNavigationType } from 'react-router-dom';
import {
  forgetOtherLists,
  MARKETPLACE_PAGE_SIZE,
  marketplaceKeys,
  useMarketplacePages,
  type MarketplaceItem,
} from '../api/marketplaceQueries';
import { filtersAtom, isPriceRangeValid, marketplacePagesAtom, marketplaceQuery, narrowsResults } from '../state/filters';
import type { MarketplaceFilters, MarketplaceKind } from '../types';

/** Typing in the search box refreshes the grid once the user pauses. */
export const SEARCH_DEBOUNCE_MS = 300;

export type ListStatus = 'loading' | 'ready' | 'error';

export interface MarketplaceList<T> {
  items: T[];
  total: number;
  /** False when there are more than `total` (the server counts up to 1,000). */
  totalIsExact: boolean;
  status: ListStatus;
  /** Whether the filters of this list leave anything out (an empty one then says 'con estos filtros'). */
  narrowed: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  loadMore(): void;
  retry(): void;
}

function useDebouncedFilters(filters: MarketplaceFilters): MarketplaceFilters {
  const [debounced, setDebounced] = useState(filters);
  useEffect(() => {
    // An inverted price range is refused next to the fields; the grid keeps the last valid query.
    if (filters === debounced || !isPriceRangeValid(filters.priceRange)) return;
    // A choice in a select applies at once; typed text and slider drags wait for a pause.
    const typed =
      filters.searchQuery !== debounced.searchQuery ||
      filters.priceRange[0] !== debounced.priceRange[0] ||
      filters.priceRange[1] !== debounced.priceRange[1];
    if (!typed) {
      setDebounced(filters);
      return;
    }
    const timer = setTimeout(() => setDebounced(filters), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [filters, debounced]);
  return debounced;
}

/** One marketplace grid (agents or ecosystems) for the current filters, page by page. */
export function useMarketplaceList<K extends MarketplaceKind>(kind: K): MarketplaceList<MarketplaceItem<K>> {
  const filters = useDebouncedFilters(useAtomValue(filtersAtom));
  const search = marketplaceQuery(filters, kind, MARKETPLACE_PAGE_SIZE);
  const queryClient = useQueryClient();
  const navigationType = useNavigationType();
  // Back from an agent's page (a POP), the grid comes back as it was left: every page loaded with
  // 'Cargar más', so that the browser's scroll restoration finds the same height. Opened any other
  // way, it loads afresh from page 1 (before its query is read).
  useState(() => {
    if (navigationType !== 'POP') forgetOtherLists(queryClient, kind);
  });
  const pages = useMarketplacePages(kind, search);
  const searchKey = JSON.stringify(search);
  useEffect(() => forgetOtherLists(queryClient, kind, search), [queryClient, kind, searchKey]);

  const loaded = pages.data?.pages ?? [];
  const items = dedupe(loaded.flatMap((page) => page.items as MarketplaceItem<K>[]));
  const last = loaded[loaded.length - 1];
  const total = last?.total ?? 0;
  // Agents' totals are counted up to 1,000; ecosystems' always exactly.
  const totalIsExact = last && 'totalIsExact' in last ? last.totalIsExact : true;
  const lastPageFull = last !== undefined && last.items.length >= last.limit;
  const status: ListStatus = pages.isError ? 'error' : pages.isPending ? 'loading' : 'ready';
  const more = totalIsExact ? items.length < total : lastPageFull;
  // The pages the address asks for (a reload after 'Cargar más'), one after another.
  const [wanted, setWanted] = useAtom(marketplacePagesAtom);
  const fetchNext = status === 'ready' && more && !pages.isFetchingNextPage && loaded.length < wanted;
  const { fetchNextPage } = pages;
  useEffect(() => {
    if (fetchNext) void fetchNextPage({ cancelRefetch: false });
  }, [fetchNext, loaded.length, fetchNextPage]);
  return {
    items,
    total,
    totalIsExact,
    status,
    narrowed: narrowsResults(filters),
    loadingMore: pages.isFetchingNextPage,
    hasMore: status === 'ready' && more,
    loadMore: () => {
      if (!pages.isFetchingNextPage) setWanted(loaded.length + 1);
    },
    // From page 1 again, as a first visit would.
    retry: () => void queryClient.resetQueries({ queryKey: marketplaceKeys.list(kind, search), exact: true }),
  };
}

/** A page may repeat an item of the one before when the list changed between the two requests. */
function dedupe<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && seen.add(item.id));
}
