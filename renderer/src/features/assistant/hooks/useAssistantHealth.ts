import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { isAssistantOnline, useHealth } from '../api/assistantQueries';
import { chatbotStateAtom } from '../state/chatbotAtoms';

/**
 * Spec section 4: a health check on start and every 60 s; a failure switches to offline. Each
 * check's outcome moves the widget's state, as a send's does: the latest of the two says the mode.
 */
export function useAssistantHealth(): void {
  const dispatch = useSetAtom(chatbotStateAtom);
  const { data, dataUpdatedAt, errorUpdatedAt } = useHealth();
  useEffect(() => {
    if (data) dispatch({ type: 'healthChecked', online: isAssistantOnline(data) });
    // Once per answer (`dataUpdatedAt`): two equal answers share one `data` object.
  }, [dispatch, data, dataUpdatedAt]);
  useEffect(() => {
    if (errorUpdatedAt > 0) dispatch({ type: 'healthChecked', online: false });
  }, [dispatch, errorUpdatedAt]);
}
