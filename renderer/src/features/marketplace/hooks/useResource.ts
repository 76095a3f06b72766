import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../../shared/api';

export type ResourceState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'not-found' }
  | { status: 'error'; message: string };

/** Loads one thing by id; a 404 is its own state (the page says "not found", not "error"). */
export function useResource<T>(
  key: string | undefined,
  load: (key: string, signal: AbortSignal) => Promise<T>,
): ResourceState<T> & { reload(): void } {
  const [state, setState] = useState<ResourceState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!key) {
      setState({ status: 'not-found' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(key, controller.signal).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (isApiError(error) && error.kind === 'aborted') return;
        if (isApiError(error) && error.status === 404) setState({ status: 'not-found' });
        else setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
    // `load` is a module function; the key and a manual reload decide when to fetch.
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { ...state, reload } as ResourceState<T> & { reload(): void };
}
