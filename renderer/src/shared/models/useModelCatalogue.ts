import { useQuery } from '@tanstack/react-query';
import { api, withTimeout } from '../api';
import type { CatalogueState } from './types';

/** Listing models should not leave a form waiting forever on a stuck server. */
const MODELS_TIMEOUT_MS = 20_000;

export const modelKeys = { catalogue: ['models'] as const };

/** GET /api/models, loaded when a form opens: the picker's options. */
export function useModelCatalogue(): CatalogueState {
  const query = useQuery({
    queryKey: modelKeys.catalogue,
    queryFn: async ({ signal }) => (await api.GET('/api/models', { signal: withTimeout(signal, MODELS_TIMEOUT_MS) })).data!,
  });
  if (query.isSuccess) return { status: 'ready', catalogue: query.data };
  return query.isError ? { status: 'error' } : { status: 'loading' };
}
