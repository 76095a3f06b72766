import { CloseButton, FocusTrap, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '../../shared/config';
import { appStrings } from '../strings';
import { useSidebarDrawer } from './useSidebarDrawer';

interface SidebarShellProps {
  /** The sidebar's accessible name. */
  label: string;
  sidebar: ReactNode;
  children: ReactNode;
}

/**
 * A page with a left sidebar: fixed from 1024 px, a drawer below (side handle, Escape, route
 * change and backdrop close it). The open drawer keeps the keyboard focus inside it; the closed one
 * is inert.
 */
export function SidebarShell({ label, sidebar, children }: SidebarShellProps) {
  const { productName } = useRuntimeConfig();
  const drawer = useSidebarDrawer();
  const mode = drawer.isDrawer ? 'drawer' : 'fixed';

  return (
    <div className="app-shell">
      {drawer.isDrawer && !drawer.isOpen && (
        <button
          ref={drawer.handleRef}
          type="button"
          className="app-sidebar-handle"
          aria-label={appStrings.sidebar.open}
          aria-controls="app-sidebar"
          aria-expanded={false}
          onClick={drawer.open}
        >
          <span aria-hidden>›</span>
        </button>
      )}
      {drawer.isOpen && <div className="app-sidebar-backdrop" data-testid="sidebar-backdrop" onClick={drawer.dismiss} />}
      <FocusTrap active={drawer.isOpen}>
        <aside
          id="app-sidebar"
          className="app-sidebar"
          data-mode={mode}
          data-open={mode === 'fixed' || drawer.isOpen}
          aria-label={label}
          aria-hidden={mode === 'drawer' && !drawer.isOpen ? true : undefined}
          // At once, while the closing drawer still slides out (visible for 0.3 s): nothing in it takes the focus.
          inert={mode === 'drawer' && !drawer.isOpen}
        >
          <Group justify="space-between" px="md" py="sm" wrap="nowrap">
            <Text component={Link} to="/" fw={800} fz="lg" className="app-brand">
              {productName}
            </Text>
            {mode === 'drawer' && <CloseButton aria-label={appStrings.sidebar.close} onClick={drawer.dismiss} />}
          </Group>
          {sidebar}
        </aside>
      </FocusTrap>
      <div className="app-main">{children}</div>
    </div>
  );
}
