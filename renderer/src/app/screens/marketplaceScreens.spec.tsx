import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { mockApi } from '../../../test/api-mock';
import { agentFixture, page } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { authStateAtom, signedOutState, type AuthState } from '../../features/auth/state/authState';
import { CART_STORAGE_KEY } from '../../features/cart';
import { teamOwnerAtom, type TeamOwner } from '../../features/team';
import { ToastViewport } from '../../shared/ui';
import { LandingScreen } from './landingScreen';
import { MarketplaceScreen } from './marketplaceScreens';

function renderMarketplace(owner: TeamOwner) {
  const store = createStore();
  store.set(teamOwnerAtom, owner);
  renderWithProviders(
    <>
      <MarketplaceScreen />
      <ToastViewport />
    </>,
    { store, route: '/marketplace' },
  );
  return store;
}

describe('the marketplace screen', () => {
  it('lets a visitor browse and fill the cart, and asks them to sign in to build a team', async () => {
    const api = mockApi().on('GET', '/marketplace/agents', { body: page([agentFixture()]) });
    renderMarketplace({ status: 'visitor' });

    const card = await screen.findByRole('listitem', { name: 'Asesor Legal' });
    await userEvent.click(within(card).getByRole('button', { name: 'Añadir al equipo: Asesor Legal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Debes iniciar sesión para añadir/eliminar agentes de tu equipo');
    expect(api.callsTo('POST', '/user-agents/*')).toHaveLength(0);

    await userEvent.click(within(card).getByRole('button', { name: 'Añadir al carrito: Asesor Legal' }));
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toEqual(['agente-legal']);
    expect(screen.getByRole('link', { name: 'Carrito: 1 agente' })).toBeInTheDocument();
  });

  it('adds the agent to the team of a signed-in user', async () => {
    const link = { agentId: 'agente-legal', name: 'Asesor Legal', category: 'legal', description: '', avatar: null, addedAt: '2026-11-01T00:00:00.000Z' };
    let team: (typeof link)[] = [];
    const api = mockApi()
      .on('GET', '/marketplace/agents', { body: page([agentFixture()]) })
      .on('GET', '/user-agents/sub-ana', () => ({ body: team }))
      .on('POST', '/user-agents/sub-ana', () => {
        team = [link];
        return { status: 201, body: link };
      });
    renderMarketplace({ status: 'user', userId: 'sub-ana' });

    const card = await screen.findByRole('listitem', { name: 'Asesor Legal' });
    await userEvent.click(within(card).getByRole('button', { name: 'Añadir al equipo: Asesor Legal' }));
    expect(await within(card).findByRole('button', { name: 'En tu equipo: Asesor Legal' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/user-agents/sub-ana')).toHaveLength(1);
  });
});

describe('the landing screen', () => {
  function renderLanding(auth: AuthState) {
    mockApi().on('GET', '/marketplace/agents', { body: page([agentFixture()]) });
    const store = createStore();
    store.set(authStateAtom, auth);
    renderWithProviders(<LandingScreen />, { store });
  }

  it("invites a visitor to 'Crear cuenta gratis'", async () => {
    renderLanding(signedOutState);
    expect(screen.getByRole('link', { name: 'Crear cuenta gratis' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Explorar el marketplace' })).toHaveAttribute('href', '/marketplace');
    expect(await screen.findByRole('listitem', { name: 'Asesor Legal' })).toBeInTheDocument();
  });

  it('does not invite a signed-in user to create an account', async () => {
    renderLanding({ isAuthenticated: true, isLoading: false, user: { userId: 'u1', username: 'ana', email: 'ana@example.com', role: 'user' } });
    expect(screen.queryByRole('link', { name: 'Crear cuenta gratis' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explorar el marketplace' })).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Asesor Legal' })).toBeInTheDocument();
  });
});
