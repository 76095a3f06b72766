import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../shared/api';
import { adminStrings } from '../strings';

export interface AdminResource<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload(): void;
}

/** The message a failed load shows: the server's, or the spec's 'Ocurrió un error'. */
export function errorMessage(error: unknown): string {
  if (isApiError(error) || error instanceof Error) return error.message || adminStrings.genericError;
  return adminStrings.genericError;
}

/**
 * Loads once per key and again on reload(); an older answer that arrives after a newer request
 * is dropped, so a fast typist sees the results of what they typed last.
 */
export function useAdminResource<T>(load: (signal: AbortSignal) => Promise<T>, key = ''): AdminResource<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    loadRef.current(controller.signal).then(
      (value) => {
        if (controller.signal.aborted) return;
        setData(value);
        setLoading(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(errorMessage(failure));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [key, tick]);

  const reload = useCallback(() => setTick((value) => value + 1), []);
  return { data, error, loading, reload };
}
