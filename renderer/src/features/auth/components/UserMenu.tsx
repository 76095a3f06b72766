import './UserMenu.css';
import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '../hooks/useAuth';
import { authStrings } from '../strings';

const strings = authStrings.userMenu;

const ITEMS = [
  { to: '/mi-perfil?tab=PROFILE', label: strings.profile },
  { to: '/mi-perfil?tab=PAYMENTS', label: strings.payments },
  { to: '/mi-perfil?tab=SUBSCRIPTION', label: strings.subscriptions },
] as const;

/** Spec section 2: the signed-in user's menu at the bottom of the sidebar. Renders nothing for visitors. */
export function UserMenu() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;

  const displayName = user.contactName || user.username || user.email;
  const initial = (displayName.trim()[0] ?? '?').toUpperCase();

  const handleSignOut = async () => {
    // Leave first: signed out on a protected page, its guard would send the user to /login instead.
    // flushSync commits the new location before the sign-out's state change; inside a transition
    // the guard could still render once with the old location and redirect.
    await navigate('/', { replace: true, flushSync: true });
    await signOut();
  };

  return (
    <Menu position="top-start" width="target" shadow="lg">
      <Menu.Target>
        {/* Named by its content, so that the name holds the visible name and e-mail (WCAG 2.5.3). */}
        <UnstyledButton w="100%" p="xs" className="user-menu-target">
          <VisuallyHidden>{`${strings.label}: `}</VisuallyHidden>
          <Group gap="sm" wrap="nowrap">
            <Avatar color="indigo" radius="xl" aria-hidden>
              {initial}
            </Avatar>
            <div style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" fw={600} truncate="end">
                {displayName}
              </Text>
              <Text size="xs" c="dimmed" truncate="end">
                {user.email}
              </Text>
            </div>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {ITEMS.map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to}>
            {item.label}
          </Menu.Item>
        ))}
        {user.role === 'admin' && (
          <Menu.Item component={Link} to="/admin">
            {strings.admin}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red.4" onClick={() => void handleSignOut()}>
          {strings.signOut}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
