import { Button, CloseButton, Group, NavLink, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { Link, NavLink as RouterNavLink } from 'react-router-dom';
import { authStateAtom } from '../../features/auth';
import { useRuntimeConfig } from '../../shared/config';
import { appStrings } from '../strings';

interface SidebarProps {
  id: string;
  mode: 'fixed' | 'drawer';
  isOpen: boolean;
  onClose: () => void;
}

export function Sidebar({ id, mode, isOpen, onClose }: SidebarProps) {
  const { productName } = useRuntimeConfig();
  const { user } = useAtomValue(authStateAtom);
  const isAdmin = user?.role === 'admin';
  const strings = appStrings.navigation;

  return (
    <aside
      id={id}
      className="app-sidebar"
      data-mode={mode}
      data-open={mode === 'fixed' || isOpen}
      aria-label={appStrings.sidebar.label}
      aria-hidden={mode === 'drawer' && !isOpen ? true : undefined}
    >
      <Group justify="space-between" px="md" py="sm" wrap="nowrap">
        <Text component={Link} to="/" fw={800} fz="lg" className="app-brand">
          {productName}
        </Text>
        {mode === 'drawer' && <CloseButton aria-label={appStrings.sidebar.close} onClick={onClose} />}
      </Group>
      <nav aria-label={strings.label}>
        <NavLink component={RouterNavLink} to="/marketplace" label={strings.marketplace} />
        <NavLink component={RouterNavLink} to="/my-office" label={strings.myOffice} />
        {isAdmin ? (
          <NavLink component={RouterNavLink} to="/agent-flow" label={strings.flowEditor} />
        ) : (
          <NavLink label={strings.flowEditor} description={strings.comingSoon} disabled />
        )}
      </nav>
      <div className="app-sidebar-spacer" />
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
    </aside>
  );
}
