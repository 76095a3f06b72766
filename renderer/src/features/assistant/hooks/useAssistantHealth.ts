import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { isApiError } from '../../../shared/api';
import { HEALTH_CHECK_INTERVAL_MS } from '../../../shared/config';
import { fetchHealth, isAssistantOnline } from '../api/assistantApi';
import { chatbotStateAtom } from '../state/chatbotAtoms';

/** Spec section 4: a health check on start and every 60 s; a failure switches to offline. */
export function useAssistantHealth(): void {
  const dispatch = useSetAtom(chatbotStateAtom);
  useEffect(() => {
    let controller: AbortController | null = null;
    const check = async () => {
      controller?.abort();
      const current = new AbortController();
      controller = current;
      try {
        const health = await fetchHealth(current.signal);
        dispatch({ type: 'healthChecked', online: isAssistantOnline(health) });
      } catch (error) {
        if (current.signal.aborted || (isApiError(error) && error.kind === 'aborted')) return;
        dispatch({ type: 'healthChecked', online: false });
      }
    };
    void check();
    const interval = window.setInterval(() => void check(), HEALTH_CHECK_INTERVAL_MS);
    return () => {
      window.clearInterval(interval);
      controller?.abort();
    };
  }, [dispatch]);
}
