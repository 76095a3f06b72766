import { useEffect, useRef } from 'react';
import { useBlocker, type Blocker } from 'react-router-dom';

/**
 * While `dirty`, leaving for another page waits for the user's answer (the returned blocker is
 * 'blocked' until proceed() or reset()), and closing or reloading the tab asks the browser's own
 * question. `allowNextNavigation()` lets one navigation through (after a save or a delete).
 */
export function useUnsavedChangesGuard(dirty: boolean): { blocker: Blocker; allowNextNavigation(): void } {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const allowedRef = useRef(false);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowedRef.current) {
      allowedRef.current = false;
      return false;
    }
    return dirtyRef.current && currentLocation.pathname !== nextLocation.pathname;
  });

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return {
    blocker,
    allowNextNavigation: () => {
      allowedRef.current = true;
    },
  };
}
