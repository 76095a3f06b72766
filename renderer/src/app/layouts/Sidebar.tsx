import { Button, NavLink, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { Link, NavLink as RouterNavLink } from 'react-router-dom';
// Straight to the modules, not the feature's index: that also re-exports its screens, and whatever
// the entry imports statically is bundled into the entry script that every first screen waits for.
import { authStateAtom } from '../../features/auth/state/authState';
import { MyAgentsSection, SelectedAgentsBadge } from '../../features/team/components/SidebarTeam';
import { appStrings } from '../strings';

// Only a signed-in user has conversations and a user menu: visitors never load them (or the menus
// and dialogs they are built with).
const ConversationsSidebar = lazy(() =>
  import('../../features/chat/components/ConversationsSidebar').then((module) => ({ default: module.ConversationsSidebar })),
);
const UserMenu = lazy(() => import('../../features/auth/components/UserMenu').then((module) => ({ default: module.UserMenu })));

/**
 * The main layout's sidebar content: navigation (the Marketplace badge counts the agents selected
 * for the team), 'Mis Agentes', the conversations, then the user menu or the visitor's actions.
 */
export function Sidebar() {
  const { user } = useAtomValue(authStateAtom);
  const isAdmin = user?.role === 'admin';
  const strings = appStrings.navigation;

  return (
    <>
      <nav aria-label={strings.label}>
        <NavLink
          component={RouterNavLink}
          to="/marketplace"
          label={strings.marketplace}
          rightSection={<SelectedAgentsBadge />}
        />
        <NavLink component={RouterNavLink} to="/my-office" label={strings.myOffice} />
        {user && <NavLink component={RouterNavLink} to="/start-team-chat" label={strings.teamChat} />}
        {user && <NavLink component={RouterNavLink} to="/mis-compras" label={strings.purchases} />}
        {isAdmin ? (
          <NavLink component={RouterNavLink} to="/agent-flow" label={strings.flowEditor} />
        ) : (
          <NavLink label={strings.flowEditor} description={strings.comingSoon} disabled aria-disabled />
        )}
      </nav>
      <MyAgentsSection />
      {user && (
        <Suspense fallback={null}>
          <ConversationsSidebar />
        </Suspense>
      )}
      <div className="app-sidebar-spacer" />
      {user && (
        <div className="app-sidebar-footer" style={{ padding: 'var(--mantine-spacing-xs)' }}>
          <Suspense fallback={null}>
            <UserMenu />
          </Suspense>
        </div>
      )}
      {!user && (
        <Stack gap="xs" p="md" className="app-sidebar-footer">
          <Text size="xs" c="dimmed">
            {appStrings.sidebar.visitorHint}
          </Text>
          <Button component={Link} to="/login" color="indigo">
            {appStrings.sidebar.signIn}
          </Button>
          <Button component={Link} to="/register" variant="outline" color="indigo">
            {appStrings.sidebar.register}
          </Button>
        </Stack>
      )}
    </>
  );
}
