import { useEffect, useState } from 'react';
import { agentEditorApi } from '../api/agentEditorApi';
import type { ModelCatalogue } from '../types';

export type CatalogueState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; catalogue: ModelCatalogue };

/** GET /models once per form: the picker's options. */
export function useModelCatalogue(): CatalogueState {
  const [state, setState] = useState<CatalogueState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    agentEditorApi.listModels(controller.signal).then(
      (catalogue) => setState({ status: 'ready', catalogue }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
