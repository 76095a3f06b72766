import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '../../../test/render';
import { authStateAtom, type AuthState } from '../../features/auth';
import { authMock, givenIdentityConfigured } from '../../features/auth/testing/amplifyMocks';
import { AdminLayout } from './AdminLayout';

jest.mock('aws-amplify/auth', () => jest.requireActual('../../features/auth/testing/amplifyMocks').authMock);

function renderAdmin(username: string) {
  const store = createStore();
  const auth: AuthState = {
    isAuthenticated: true,
    isLoading: false,
    user: { userId: 'sub-1', username, email: 'jefa@example.com', role: 'admin' },
  };
  store.set(authStateAtom, auth);
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<h1>Inicio</h1>} />
      <Route path="/admin" element={<AdminLayout />}>
        <Route index element={<h1>Dashboard</h1>} />
      </Route>
    </Routes>,
    { store, route: '/admin' },
  );
}

beforeEach(() => givenIdentityConfigured());

describe('AdminLayout', () => {
  it('greets the admin by username, with the admin navigation', () => {
    renderAdmin('jefa');
    expect(screen.getByText('Hola, jefa')).toBeInTheDocument();
    for (const name of ['Dashboard', 'Usuarios', 'Agentes', 'Saldos y movimientos', 'Auditoría', 'Moderación']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Volver al Chat' })).toHaveAttribute('href', '/chat');
  });

  it("greets 'Admin' when there is no username", () => {
    renderAdmin('');
    expect(screen.getByText('Hola, Admin')).toBeInTheDocument();
  });

  it('signs out and goes to /', async () => {
    authMock.signOut.mockResolvedValue(undefined);
    renderAdmin('jefa');
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar Sesión' }));
    expect(await screen.findByRole('heading', { name: 'Inicio' })).toBeInTheDocument();
    await waitFor(() => expect(authMock.signOut).toHaveBeenCalled());
  });
});
