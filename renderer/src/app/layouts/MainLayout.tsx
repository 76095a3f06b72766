import { Anchor, Group, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router-dom';
import { BetaNotice } from '../../features/notices';
import { useRuntimeConfig } from '../../shared/config';
import { appStrings } from '../strings';
import { Sidebar } from './Sidebar';
import { useSidebarDrawer } from './useSidebarDrawer';

const FOOTER_LINKS = [
  { to: '/privacidad', label: appStrings.footer.privacy },
  { to: '/terminos', label: appStrings.footer.terms },
  { to: '/cookies', label: appStrings.footer.cookies },
  { to: '/legal', label: appStrings.footer.legal },
  { to: '/support', label: appStrings.footer.support },
  { to: '/contact', label: appStrings.footer.contact },
];

export function MainLayout() {
  const { productName } = useRuntimeConfig();
  const drawer = useSidebarDrawer();

  return (
    <div className="app-shell">
      {drawer.isDrawer && !drawer.isOpen && (
        <button
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
      {drawer.isOpen && <div className="app-sidebar-backdrop" data-testid="sidebar-backdrop" onClick={drawer.close} />}
      <Sidebar id="app-sidebar" mode={drawer.isDrawer ? 'drawer' : 'fixed'} isOpen={drawer.isOpen} onClose={drawer.close} />
      <div className="app-main">
        <BetaNotice productName={productName} />
        <main className="app-content">
          <Outlet />
        </main>
        <footer className="app-footer">
          <Text size="xs" c="dimmed" maw={760}>
            {appStrings.footer.disclaimer(productName)}
          </Text>
          <Group gap="md" mt={6}>
            {FOOTER_LINKS.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} size="xs" c="dimmed">
                {link.label}
              </Anchor>
            ))}
          </Group>
        </footer>
      </div>
    </div>
  );
}
