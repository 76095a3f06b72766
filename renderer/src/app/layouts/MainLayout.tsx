import { Anchor, Group, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { authStateAtom } from '../../features/auth';
import { useConversationsSync } from '../../features/chat';
import { BetaNotice } from '../../features/notices';
import { useTeamSync, type TeamOwner } from '../../features/team';
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

/** Hands the signed-in user (or none) to the team feature, which keeps the sidebar's team loaded. */
function useTeamOwner(): TeamOwner {
  const { isLoading, user } = useAtomValue(authStateAtom);
  const userId = user?.userId ?? null;
  return useMemo<TeamOwner>(
    () => (isLoading ? { status: 'loading' } : userId ? { status: 'user', userId } : { status: 'visitor' }),
    [isLoading, userId],
  );
}

export function MainLayout() {
  const { productName } = useRuntimeConfig();
  const owner = useTeamOwner();
  useTeamSync(owner);
  // The same owner shape: the signed-in user's conversations fill the sidebar.
  useConversationsSync(owner);
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
