import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStateAtom, type AuthState } from '../state/authState';
import { authError, authMock } from '../testing/amplifyMocks';
import { landedAt, renderAuthScreen, signedOut } from '../testing/renderAuth';
import { UserMenu } from './UserMenu';

jest.mock('aws-amplify/auth', () => jest.requireActual('../testing/amplifyMocks').authMock);

const member: AuthState = {
  isAuthenticated: true,
  isLoading: false,
  user: { userId: 'sub-ana', username: 'ana', email: 'ana@example.com', role: 'user', contactName: 'Ana García' },
};
const admin: AuthState = { ...member, user: { ...member.user!, role: 'admin' } };

function renderMenu(auth: AuthState) {
  return renderAuthScreen(<UserMenu />, { path: '/chat', auth });
}

async function openMenu() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /Menú de usuario/ }));
  return user;
}

beforeEach(() => {
  jest.clearAllMocks();
  authMock.signOut.mockResolvedValue(undefined);
});

it('shows the avatar initial, the contact name and the e-mail', () => {
  renderMenu(member);
  expect(screen.getByText('A')).toBeInTheDocument();
  expect(screen.getByText('Ana García')).toBeInTheDocument();
  expect(screen.getByText('ana@example.com')).toBeInTheDocument();
});

it('falls back to the username without a contact name', () => {
  renderMenu({ ...member, user: { ...member.user!, contactName: undefined, username: 'zoe' } });
  expect(screen.getByText('zoe')).toBeInTheDocument();
  expect(screen.getByText('Z')).toBeInTheDocument();
});

it('renders nothing for a visitor', () => {
  renderMenu(signedOut);
  expect(screen.queryByRole('button', { name: /Menú de usuario/ })).not.toBeInTheDocument();
});

it('links to the profile tabs, without Panel Admin for a user', async () => {
  renderMenu(member);
  await openMenu();
  expect(screen.getByRole('menuitem', { name: 'Mi perfil' })).toHaveAttribute('href', '/mi-perfil?tab=PROFILE');
  expect(screen.getByRole('menuitem', { name: 'Métodos de pago' })).toHaveAttribute('href', '/mi-perfil?tab=PAYMENTS');
  expect(screen.getByRole('menuitem', { name: 'Suscripciones' })).toHaveAttribute('href', '/mi-perfil?tab=SUBSCRIPTION');
  expect(screen.queryByRole('menuitem', { name: 'Panel Admin' })).not.toBeInTheDocument();
  expect(screen.getByRole('menuitem', { name: 'Cerrar sesión' })).toBeInTheDocument();
});

it('shows Panel Admin to an admin', async () => {
  renderMenu(admin);
  await openMenu();
  expect(screen.getByRole('menuitem', { name: 'Panel Admin' })).toHaveAttribute('href', '/admin');
});

it('Cerrar sesión signs out, clears the user and goes to /', async () => {
  const { store } = renderMenu(member);
  const user = await openMenu();
  await user.click(screen.getByRole('menuitem', { name: 'Cerrar sesión' }));
  expect(authMock.signOut).toHaveBeenCalledTimes(1);
  expect(await landedAt()).toBe('/');
  expect(store.get(authStateAtom)).toEqual({ isAuthenticated: false, isLoading: false, user: null });
});

it('a failed sign-out is logged only: the local session is cleared anyway', async () => {
  authMock.signOut.mockRejectedValue(authError('NetworkError'));
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const { store } = renderMenu(member);
  const user = await openMenu();
  await user.click(screen.getByRole('menuitem', { name: 'Cerrar sesión' }));
  expect(await landedAt()).toBe('/');
  expect(store.get(authStateAtom).user).toBeNull();
  expect(warn).toHaveBeenCalled();
  warn.mockRestore();
});
