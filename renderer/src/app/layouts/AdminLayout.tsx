import { Button, NavLink, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { Link, NavLink as RouterNavLink, Outlet, useNavigate } from 'react-router-dom';
// Straight to the modules, not the feature's index: that also re-exports its screens, and whatever
// the entry imports statically is bundled into the entry script that every first screen waits for.
import { useAuth } from '../../features/auth/hooks/useAuth';
import { authStateAtom } from '../../features/auth/state/authState';
import { adminStrings } from '../../features/admin/strings';
import { appStrings } from '../strings';
import { SidebarShell } from './SidebarShell';

const ADMIN_LINKS = [
  { to: '/admin', label: appStrings.admin.dashboard, end: true },
  { to: '/admin/users', label: appStrings.admin.users },
  { to: '/admin/agents', label: appStrings.admin.agents },
  { to: '/admin/stripe', label: appStrings.admin.balances },
  { to: '/admin/audit', label: adminStrings.nav.audit },
  { to: '/admin/moderation', label: adminStrings.nav.moderation },
  { to: '/admin/reports', label: adminStrings.nav.reports },
];

export function AdminLayout() {
  const { user } = useAtomValue(authStateAtom);
  const { signOut } = useAuth();
  const navigate = useNavigate();

  const signOutAndLeave = async () => {
    // Leave the guarded area first, so the guard does not send the user to /login meanwhile.
    navigate('/');
    await signOut();
  };

  const sidebar = (
    <>
      {/* A long username (an e-mail address, say) breaks inside the drawer instead of overflowing it. */}
      <Text fw={700} px="md" pb="xs" style={{ overflowWrap: 'anywhere' }}>
        {appStrings.admin.greeting(user?.username || 'Admin')}
      </Text>
      <nav aria-label={appStrings.admin.label}>
        {ADMIN_LINKS.map((link) => (
          <NavLink key={link.to} component={RouterNavLink} end={link.end} to={link.to} label={link.label} />
        ))}
      </nav>
      <div className="app-sidebar-spacer" />
      <Stack gap="xs" p="md" className="app-sidebar-footer">
        <Button component={Link} to="/chat" variant="outline" color="indigo">
          {appStrings.admin.backToChat}
        </Button>
        <Button variant="outline" color="red" onClick={() => void signOutAndLeave()}>
          {appStrings.admin.signOut}
        </Button>
      </Stack>
    </>
  );

  return (
    <SidebarShell label={appStrings.admin.label} sidebar={sidebar}>
      <main className="app-content">
        <Outlet />
      </main>
    </SidebarShell>
  );
}
