import { Anchor, Group, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { Suspense, useMemo } from 'react';
import { Link, Outlet } from 'react-router-dom';
// Straight to the modules, not the feature's index: that also re-exports its screens, and whatever
// the entry imports statically is bundled into the entry script that every first screen waits for.
import { authStateAtom } from '../../features/auth/state/authState';
import { useConversationsSync } from '../../features/chat/hooks/useConversationsSync';
import type { ChatOwner } from '../../features/chat/state/chatAtoms';
import { BetaNotice } from '../../features/notices';
import { useTeamSync } from '../../features/team/hooks/useTeamSync';
import { useRuntimeConfig } from '../../shared/config';
import { appStrings } from '../strings';
import { ContentSkeleton } from './PageSkeleton';
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

/**
 * The signed-in user (or none) for the team and chat features, which keep the sidebar's team and
 * conversations loaded. The chat also needs the user id and role to tell who may chat with an
 * agent without a subscription.
 */
function useOwner(): ChatOwner {
  const { isLoading, user } = useAtomValue(authStateAtom);
  const userId = user?.userId ?? null;
  const isAdmin = user?.role === 'admin';
  return useMemo<ChatOwner>(
    () =>
      isLoading ? { status: 'loading' } : userId ? { status: 'user', userId, isAdmin } : { status: 'visitor' },
    [isLoading, userId, isAdmin],
  );
}

export function MainLayout() {
  const { productName } = useRuntimeConfig();
  const owner = useOwner();
  useTeamSync(owner);
  useConversationsSync(owner);
  return (
    <SidebarShell label={appStrings.sidebar.label} sidebar={<Sidebar />}>
      <BetaNotice productName={productName} />
      <main className="app-content">
        <Suspense fallback={<ContentSkeleton />}>
          <Outlet />
        </Suspense>
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
