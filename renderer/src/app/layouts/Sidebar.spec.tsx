import { screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { renderWithProviders } from '../../../test/render';
import { authStateAtom, type AuthState } from '../../features/auth';
import { Sidebar } from './Sidebar';

function renderSidebar(auth: AuthState) {
  const store = createStore();
  store.set(authStateAtom, auth);
  return renderWithProviders(<Sidebar />, { store });
}

const member: AuthState = {
  isAuthenticated: true,
  isLoading: false,
  user: { userId: 'sub-ana', username: 'ana', email: 'ana@example.com', role: 'user', contactName: 'Ana García' },
};

describe('Sidebar footer', () => {
  it('offers a visitor to sign in or create an account', () => {
    renderSidebar({ isAuthenticated: false, isLoading: false, user: null });
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Crear cuenta' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('button', { name: /Menú de usuario/ })).not.toBeInTheDocument();
  });

  it('shows a signed-in user their menu instead', () => {
    renderSidebar(member);
    expect(screen.getByRole('button', { name: 'Menú de usuario: Ana García' })).toBeInTheDocument();
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Iniciar sesión' })).not.toBeInTheDocument();
  });
});
