import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { SIDEBAR_BREAKPOINT_PX } from '../../shared/config';

/**
 * Under the sidebar breakpoint the sidebar becomes a drawer: opened by its handle, closed on
 * Escape, on a route change or on a click on the backdrop.
 */
export function useSidebarDrawer() {
  const isDrawer = useMediaQuery(`(max-width: ${SIDEBAR_BREAKPOINT_PX - 0.02}px)`, false, {
    getInitialValueInEffect: false,
  });
  const [isOpen, setOpen] = useState(false);
  const location = useLocation();
  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);

  useEffect(close, [location.pathname, location.search, close]);

  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isOpen, close]);

  return { isDrawer, isOpen: isDrawer && isOpen, open, close };
}
