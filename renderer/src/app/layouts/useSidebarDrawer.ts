import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { SIDEBAR_BREAKPOINT_PX } from '../../shared/config';

/**
 * Under the sidebar breakpoint the sidebar becomes a drawer: opened by its handle, closed on
 * Escape, on a route change or on a click on the backdrop. Dismissed (not navigated away from), it
 * gives the keyboard focus back to its handle.
 */
export function useSidebarDrawer() {
  const isDrawer = useMediaQuery(`(max-width: ${SIDEBAR_BREAKPOINT_PX - 0.02}px)`, false, {
    getInitialValueInEffect: false,
  });
  const [isOpen, setOpen] = useState(false);
  const location = useLocation();
  const handleRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  const dismiss = useCallback(() => {
    returnFocus.current = true;
    setOpen(false);
  }, []);

  useEffect(close, [location.pathname, location.search, close]);

  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismiss();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isOpen, dismiss]);

  // The handle is rendered again once the drawer has closed; focus it then.
  useEffect(() => {
    if (isOpen || !returnFocus.current) return;
    returnFocus.current = false;
    handleRef.current?.focus();
  }, [isOpen]);

  return { isDrawer, isOpen: isDrawer && isOpen, open, dismiss, handleRef };
}
