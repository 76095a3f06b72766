import { screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { renderWithProviders } from '../../../test/render';
import { authStateAtom, type AuthState } from '../../features/auth';
import { teamKeys, teamOwnerAtom, type UserAgent } from '../../features/team';
import { createQueryClient } from '../../shared/api';
import { Sidebar } from './Sidebar';

function renderSidebar(auth: AuthState, team: UserAgent[] = []) {
  const store = createStore();
  store.set(authStateAtom, auth);
  const queryClient = createQueryClient();
  if (auth.user) {
    store.set(teamOwnerAtom, { status: 'user', userId: auth.user.userId });
    queryClient.setQueryData(teamKeys.agents(auth.user.userId), team);
    queryClient.setQueryData(teamKeys.created(auth.user.userId), []);
  }
  return renderWithProviders(<Sidebar />, { store, queryClient });
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

  it('shows a signed-in user their menu instead', async () => {
    renderSidebar(member);
    expect(await screen.findByRole('button', { name: 'Menú de usuario: Ana García ana@example.com' })).toBeInTheDocument();
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Iniciar sesión' })).not.toBeInTheDocument();
  });
});

describe('Sidebar team', () => {
  const link = (agentId: string, name: string): UserAgent => ({ agentId, name, category: 'legal', description: '', avatar: null, addedAt: '2026-01-01' });

  it("counts the selected agents on the Marketplace entry and lists them under 'Mis Agentes'", () => {
    renderSidebar(member, [link('agente-legal', 'Asesor Legal'), link('agente-finanzas', 'Analista Financiero')]);
    const marketplace = screen.getByRole('link', { name: 'Marketplace 2 agentes seleccionados' });
    expect(marketplace).toHaveAttribute('href', '/marketplace');
    expect(within(marketplace).getByTestId('selected-agents-badge')).toHaveTextContent('2');
    expect(screen.getByRole('list', { name: 'Mis Agentes' })).toHaveTextContent('Asesor Legal');
    expect(screen.getByRole('link', { name: 'Crear mi primer agente' })).toHaveAttribute('href', '/agent-creator');
  });

  it('shows a visitor no badge and no agents', () => {
    renderSidebar({ isAuthenticated: false, isLoading: false, user: null });
    expect(screen.getByRole('link', { name: 'Marketplace' })).toBeInTheDocument();
    expect(screen.queryByText('Mis Agentes')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Chat de equipo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Crear con formulario' })).not.toBeInTheDocument();
  });

  it("leads a signed-in user to team chat, 'Mis compras' and the form creator", () => {
    renderSidebar(member, [link('agente-legal', 'Asesor Legal')]);
    const navigation = screen.getByRole('navigation', { name: 'Navegación principal' });
    expect(within(navigation).getByRole('link', { name: 'Chat de equipo' })).toHaveAttribute('href', '/start-team-chat');
    expect(within(navigation).getByRole('link', { name: 'Mis compras' })).toHaveAttribute('href', '/mis-compras');
    expect(screen.getByRole('link', { name: 'Crear con formulario' })).toHaveAttribute('href', '/create-advanced-agent');
  });
});
