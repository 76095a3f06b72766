import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { filtersAtom, marketplacePagesAtom, marketplaceTabAtom } from '../state/filters';
import { filtersFromUrl, urlWithFilters } from '../state/urlFilters';

type Store = ReturnType<typeof useStore>;

/** The address's filters into the atoms; the same values stay the same objects (no new request, no re-render). */
function applyUrl(store: Store, params: URLSearchParams) {
  const { filters, tab, pages } = filtersFromUrl(params);
  if (JSON.stringify(filters) !== JSON.stringify(store.get(filtersAtom))) store.set(filtersAtom, filters);
  if (tab !== store.get(marketplaceTabAtom)) store.set(marketplaceTabAtom, tab);
  if (pages !== store.get(marketplacePagesAtom)) store.set(marketplacePagesAtom, pages);
}

/**
 * Keeps the marketplace's filters, tab and pages loaded in the address (issue 31): the address sets them when
 * the page opens (a reload, a shared link) and whenever it changes from outside (back, forward, a
 * link); each change of a filter replaces the address (typing does not fill the history, and the
 * scroll stays where it is). The fields keep reading the atoms, which change at once as typed.
 */
export function useFiltersInUrl(): void {
  const [params, setParams] = useSearchParams();
  const store = useStore();
  const filters = useAtomValue(filtersAtom);
  const tab = useAtomValue(marketplaceTabAtom);
  const pages = useAtomValue(marketplacePagesAtom);
  const query = params.toString();
  // The addresses this hook asked for and the router has not shown yet, oldest first: when one
  // arrives, it (and any older) is no news; any other address is a navigation from outside.
  const pending = useRef<string[]>([]);
  // Before the grid reads the atoms, so that its first request is already the address's.
  useState(() => applyUrl(store, params));

  useEffect(() => {
    const index = pending.current.indexOf(query);
    if (index >= 0) {
      pending.current = pending.current.slice(index + 1);
      return;
    }
    pending.current = [];
    applyUrl(store, new URLSearchParams(query));
  }, [query, store]);

  useEffect(() => {
    const latest = pending.current[pending.current.length - 1] ?? query;
    const next = urlWithFilters(new URLSearchParams(latest), { filters, tab, pages }).toString();
    if (next === latest) return;
    pending.current = [...pending.current, next];
    void setParams(new URLSearchParams(next), { replace: true, preventScrollReset: true });
    // The address is read through `pending` and `query` left out: a change of it alone writes nothing.
  }, [filters, tab, pages, setParams]);
}
