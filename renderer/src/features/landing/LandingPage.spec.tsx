import { screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { renderWithProviders } from '../../../test/render';
import { authStateAtom, signedOutState, type AuthState } from '../auth/state/authState';
import { LandingPage } from './LandingPage';

function renderAs(auth: AuthState) {
  const store = createStore();
  store.set(authStateAtom, auth);
  return renderWithProviders(<LandingPage />, { store });
}

describe('LandingPage', () => {
  it("invites a visitor to 'Crear cuenta gratis' and to explore the marketplace", () => {
    renderAs(signedOutState);
    expect(screen.getByRole('link', { name: 'Crear cuenta gratis' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Explorar el marketplace' })).toHaveAttribute('href', '/marketplace');
  });

  it('does not invite a signed-in user to create an account', () => {
    renderAs({
      isAuthenticated: true,
      isLoading: false,
      user: { userId: 'u1', username: 'ana', email: 'ana@example.com', role: 'user' },
    });
    expect(screen.queryByRole('link', { name: 'Crear cuenta gratis' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explorar el marketplace' })).toBeInTheDocument();
  });
});
