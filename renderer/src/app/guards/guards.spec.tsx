import { screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { Route, Routes, useLocation } from 'react-router-dom';
import { renderWithProviders } from '../../../test/render';
import { authStateAtom, type AuthState } from '../../features/auth';
import { RequireAdmin } from './RequireAdmin';
import { RequireAuth } from './RequireAuth';

function ShowLocation({ name }: { name: string }) {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <p>{`${name}${from ? ` desde ${from}` : ''}`}</p>;
}

function renderAt(route: string, auth: AuthState) {
  const store = createStore();
  store.set(authStateAtom, auth);
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<ShowLocation name="inicio" />} />
      <Route path="/login" element={<ShowLocation name="login" />} />
      <Route element={<RequireAuth />}>
        <Route path="/chat" element={<p>chat</p>} />
      </Route>
      <Route element={<RequireAdmin />}>
        <Route path="/admin" element={<p>panel admin</p>} />
      </Route>
    </Routes>,
    { route, store },
  );
}

const visitor: AuthState = { isAuthenticated: false, isLoading: false, user: null };
const loading: AuthState = { isAuthenticated: false, isLoading: true, user: null };
const member: AuthState = {
  isAuthenticated: true,
  isLoading: false,
  user: { userId: 'u1', username: 'ana', email: 'ana@example.com', role: 'user' },
};
const admin: AuthState = { ...member, user: { ...member.user!, role: 'admin' } };

describe('RequireAuth', () => {
  it('shows a spinner while the session loads', () => {
    renderAt('/chat', loading);
    expect(screen.getByRole('status', { name: 'Cargando…' })).toBeInTheDocument();
  });

  it('sends a visitor to /login remembering where they were going', () => {
    renderAt('/chat', visitor);
    expect(screen.getByText('login desde /chat')).toBeInTheDocument();
  });

  it('lets a signed-in user through', () => {
    renderAt('/chat', member);
    expect(screen.getByText('chat')).toBeInTheDocument();
  });
});

describe('RequireAdmin', () => {
  it('shows a spinner while the session loads', () => {
    renderAt('/admin', loading);
    expect(screen.getByRole('status', { name: 'Cargando…' })).toBeInTheDocument();
  });

  it.each([
    ['a visitor', visitor],
    ['a signed-in user who is not admin', member],
  ])('sends %s to / remembering the origin', (_who, auth) => {
    renderAt('/admin', auth);
    expect(screen.getByText('inicio desde /admin')).toBeInTheDocument();
  });

  it('shows the content to an admin', () => {
    renderAt('/admin', admin);
    expect(screen.getByText('panel admin')).toBeInTheDocument();
  });
});
