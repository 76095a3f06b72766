import { Anchor, Group, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router-dom';
import { BetaNotice } from '../../features/notices';
import { useRuntimeConfig } from '../../shared/config';
import { appStrings } from '../strings';
import { Sidebar } from './Sidebar';
import { SidebarShell } from './SidebarShell';

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
  return (
    <SidebarShell label={appStrings.sidebar.label} sidebar={<Sidebar />}>
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
    </SidebarShell>
  );
}
