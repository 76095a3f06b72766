import { Button, NavLink, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { Link, NavLink as RouterNavLink } from 'react-router-dom';
import { authStateAtom, UserMenu } from '../../features/auth';
import { ConversationsSidebar } from '../../features/chat';
import { MyAgentsSection, SelectedAgentsBadge } from '../../features/team';
import { appStrings } from '../strings';

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
        {isAdmin ? (
          <NavLink component={RouterNavLink} to="/agent-flow" label={strings.flowEditor} />
        ) : (
          <NavLink label={strings.flowEditor} description={strings.comingSoon} disabled />
        )}
      </nav>
      <MyAgentsSection />
      <ConversationsSidebar />
      <div className="app-sidebar-spacer" />
      {user && (
        <div className="app-sidebar-footer" style={{ padding: 'var(--mantine-spacing-xs)' }}>
          <UserMenu />
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
