import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigationType } from 'react-router-dom';
import { isApiError } from '../../../shared/api';
import { fetchMarketplacePage } from '../api/marketplaceApi';
import { filtersAtom, isPriceRangeValid, loadedListsAtom } from '../state/filters';
import type { Agent, Ecosystem, MarketplaceFilters, MarketplaceKind } from '../types';

/** Typing in the search box refreshes the grid once the user pauses. */
export const SEARCH_DEBOUNCE_MS = 300;

export type ListStatus = 'loading' | 'ready' | 'error';

export interface MarketplaceList<T> {
  items: T[];
  total: number;
  /** False when there are more than `total` (the server counts up to 1,000). */
  totalIsExact: boolean;
  status: ListStatus;
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
export function useMarketplaceList<K extends MarketplaceKind>(
  kind: K,
): MarketplaceList<K extends 'agents' ? Agent : Ecosystem> {
  type Item = K extends 'agents' ? Agent : Ecosystem;
  const filters = useDebouncedFilters(useAtomValue(filtersAtom));
  const filtersKey = JSON.stringify(filters);
  const store = useStore();
  const navigationType = useNavigationType();
  // Back from an agent's page (a POP), the grid comes back as it was left: every page loaded with
  // 'Cargar más', so that the browser's scroll restoration finds the same height.
  const [restored] = useState(() => {
    const loaded = store.get(loadedListsAtom)[kind];
    return navigationType === 'POP' && loaded?.filtersKey === filtersKey ? loaded : undefined;
  });
  const [items, setItems] = useState<Item[]>((restored?.items as Item[] | undefined) ?? []);
  const [total, setTotal] = useState(restored?.total ?? 0);
  const [totalIsExact, setTotalIsExact] = useState(restored?.totalIsExact ?? true);
  const [lastPageFull, setLastPageFull] = useState(restored?.lastPageFull ?? false);
  const [page, setPage] = useState(restored?.page ?? 1);
  const [status, setStatus] = useState<ListStatus>(restored ? 'ready' : 'loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const moreController = useRef<AbortController | null>(null);
  const skipFirstLoad = useRef(restored ? filtersKey : null);

  useEffect(() => {
    if (skipFirstLoad.current === filtersKey && attempt === 0) return;
    skipFirstLoad.current = null;
    const controller = new AbortController();
    moreController.current?.abort();
    setStatus('loading');
    setLoadingMore(false);
    fetchMarketplacePage(kind, filters, 1, { signal: controller.signal }).then(
      (result) => {
        setItems(result.items as Item[]);
        setTotal(result.total);
        setTotalIsExact(result.totalIsExact !== false);
        setLastPageFull(result.items.length >= result.limit);
        setPage(1);
        setStatus('ready');
      },
      (error: unknown) => {
        if (isApiError(error) && error.kind === 'aborted') return;
        setStatus('error');
      },
    );
    return () => controller.abort();
  }, [kind, filters, filtersKey, attempt]);

  useEffect(() => {
    if (status !== 'ready') return;
    store.set(loadedListsAtom, (lists) => ({ ...lists, [kind]: { filtersKey, items, total, totalIsExact, lastPageFull, page } }));
  }, [store, kind, filtersKey, items, total, totalIsExact, lastPageFull, page, status]);

  useEffect(() => () => moreController.current?.abort(), []);

  const loadMore = useCallback(() => {
    if (loadingMore) return;
    const controller = new AbortController();
    moreController.current = controller;
    setLoadingMore(true);
    fetchMarketplacePage(kind, filters, page + 1, { signal: controller.signal }).then(
      (result) => {
        setItems((current) => {
          const seen = new Set(current.map((item) => item.id));
          return [...current, ...(result.items as Item[]).filter((item) => !seen.has(item.id))];
        });
        setTotal(result.total);
        setTotalIsExact(result.totalIsExact !== false);
        setLastPageFull(result.items.length >= result.limit);
        setPage(result.page);
        setLoadingMore(false);
      },
      (error: unknown) => {
        if (isApiError(error) && error.kind === 'aborted') return;
        setLoadingMore(false);
        setStatus('error');
      },
    );
  }, [kind, filters, page, loadingMore]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  const more = totalIsExact ? items.length < total : lastPageFull;
  return { items, total, totalIsExact, status, loadingMore, hasMore: status === 'ready' && more, loadMore, retry };
}
