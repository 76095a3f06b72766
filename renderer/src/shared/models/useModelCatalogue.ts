import { useEffect, useState } from 'react';
import { modelsApi } from './modelsApi';
import type { CatalogueState } from './types';

/** GET /models once per form: the picker's options. */
export function useModelCatalogue(): CatalogueState {
  const [state, setState] = useState<CatalogueState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    modelsApi.listModels(controller.signal).then(
      (catalogue) => setState({ status: 'ready', catalogue }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
