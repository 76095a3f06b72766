import { Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { Link, NavLink as RouterNavLink, Outlet } from 'react-router-dom';
import { authStateAtom } from '../../features/auth';

const ADMIN_LINKS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/users', label: 'Usuarios' },
  { to: '/admin/agents', label: 'Agentes' },
  { to: '/admin/stripe', label: 'Saldos y movimientos' },
];

export function AdminLayout() {
  const { user } = useAtomValue(authStateAtom);
  return (
    <div className="app-shell">
      <aside className="app-sidebar" data-mode="fixed" data-open="true" aria-label="Administración">
        <Stack gap={4} p="md">
          <Text fw={700}>Hola, {user?.username || 'Admin'}</Text>
        </Stack>
        <nav>
          {ADMIN_LINKS.map((link) => (
            <NavLink key={link.to} component={RouterNavLink} end={link.end} to={link.to} label={link.label} />
          ))}
        </nav>
        <div className="app-sidebar-spacer" />
        <Group p="md">
          <Button component={Link} to="/chat" variant="outline" color="indigo" fullWidth>
            Volver al Chat
          </Button>
        </Group>
      </aside>
      <main className="app-main app-content">
        <Outlet />
      </main>
    </div>
  );
}
