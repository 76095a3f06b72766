import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { CONTEXT_HINT_DELAY_MS } from '../../../shared/config';
import { botMessage, chatbotStateAtom } from '../state/chatbotAtoms';
import { isHintDue } from '../state/chatbotState';
import { pageContextFor } from '../utils/pageContext';

/**
 * Spec section 2: once per page, 1200 ms after the panel opens, the assistant says where the user
 * is and what it can help with. A route change re-arms it; closing before the delay cancels it.
 */
export function useContextHint(pathname: string, enabled = true): void {
  const [state, dispatch] = useAtom(chatbotStateAtom);

  useEffect(() => {
    dispatch({ type: 'routeChanged', page: pathname });
  }, [dispatch, pathname]);

  const due = enabled && isHintDue(state);
  const page = state.page;
  useEffect(() => {
    if (!due) return;
    const timer = window.setTimeout(() => {
      dispatch({ type: 'hintShown', page, message: botMessage(pageContextFor(page).hint, 'hint') });
    }, CONTEXT_HINT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [dispatch, due, page]);
}
