import { QueryClient } from '@tanstack/react-query';

/**
 * Server state's cache. Spec section 7 (client handling of results): a failed load shows the
 * server's message, or 'Error {status}: {text}', at once with 'Reintentar'; nothing is tried again
 * behind the user's back (the one automatic retry, a message's save, has its own back-off). A
 * screen that opens loads afresh, as it always has, and a window regaining focus does not. A call
 * made while the browser says it is offline is tried and fails at once with the network error
 * (networkMode 'always'), instead of waiting unseen for the connection to return.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 0, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** A query's signal that also gives up after `ms` (the spec's time-outs): the client reports it as a time-out. */
export function withTimeout(signal: AbortSignal, ms: number): AbortSignal {
  return AbortSignal.any([signal, AbortSignal.timeout(ms)]);
}
