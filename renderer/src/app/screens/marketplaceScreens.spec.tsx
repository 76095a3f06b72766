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
import { MarketplaceAgentScreen, MarketplaceEcosystemScreen, MarketplaceScreen } from './marketplaceScreens';
import { Route, Routes } from 'react-router-dom';

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
    const api = mockApi().on('GET', '/marketplace/agents', { body: page([agentFixture({ price: 19.99, priceId: 'price_legal' })]) });
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

describe('what a signed-in user owns, on its marketplace page', () => {
  const ana: AuthState = { isAuthenticated: true, isLoading: false, user: { userId: 'sub-ana', username: 'ana', email: 'ana@example.com', role: 'user' } };
  const paid = agentFixture({ price: 19.99, priceId: 'price_legal', creatorId: 'sub-creadora' });
  const subscription = (fields: Record<string, unknown>) => ({
    subscriptionId: 'sub_1',
    status: 'active',
    isBundle: false,
    agentId: null,
    agents: [],
    ecosystemId: null,
    priceId: 'price_legal',
    price: 19.99,
    products: [],
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    finishedAt: null,
    userId: 'sub-ana',
    user: { name: 'Ana', email: 'ana@example.com' },
    ...fields,
  });

  function renderAgentPage(subscriptions: unknown[], agent = paid) {
    const api = mockApi()
      .on('GET', '/agents/agente-legal', { body: agent })
      .on('GET', '/stripe-user-subscriptions/susbscription/user/sub-ana', { body: { success: true, data: subscriptions } });
    const store = createStore();
    store.set(authStateAtom, ana);
    store.set(teamOwnerAtom, { status: 'user', userId: 'sub-ana' });
    renderWithProviders(
      <Routes>
        <Route path="/marketplace/agent/:id" element={<MarketplaceAgentScreen />} />
      </Routes>,
      { store, route: '/marketplace/agent/agente-legal' },
    );
    return api;
  }

  it("offers 'Suscribirse' and 'Añadir al carrito' on a paid agent not yet bought", async () => {
    renderAgentPage([subscription({ agentId: 'otro', status: 'active' }), subscription({ agentId: 'agente-legal', status: 'cancelled' })]);
    expect(await screen.findByRole('button', { name: /Suscribirse/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Añadir al carrito: Asesor Legal' })).toBeInTheDocument();
    expect(screen.queryByText('Suscrito')).not.toBeInTheDocument();
  });

  it("shows a subscribed agent as 'Suscrito' with 'Gestionar suscripción' and its chat, without 'Suscribirse' or the cart", async () => {
    renderAgentPage([subscription({ agentId: 'agente-legal' })]);
    expect(await screen.findByText('Suscrito')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gestionar suscripción' })).toHaveAttribute('href', '/mi-perfil?tab=SUBSCRIPTION&sub_id=sub_1');
    expect(screen.getByRole('link', { name: 'Chatear con el agente' })).toHaveAttribute('href', '/chat?agent=agente-legal');
    expect(screen.queryByRole('button', { name: /Suscribirse/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /carrito/ })).not.toBeInTheDocument();
  });

  it("counts a pack that includes the agent as owning it", async () => {
    renderAgentPage([subscription({ isBundle: true, agents: ['agente-legal'], ecosystemId: 'eco-pyme', status: 'paused' })]);
    expect(await screen.findByText('Suscripción pausada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Suscribirse/ })).not.toBeInTheDocument();
  });

  it('offers its creator neither a subscription nor the cart, and a free agent no cart', async () => {
    const api = renderAgentPage([], { ...paid, creatorId: 'sub-ana' });
    expect(await screen.findByRole('link', { name: 'Chatear con el agente' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Suscribirse/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /carrito/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/stripe-user-subscriptions/*')).toHaveLength(0);
  });

  it("shows a bought pack's page as 'Suscrito' with 'Chatear' (its page in Mi Oficina) and 'Gestionar suscripción'", async () => {
    const pack = {
      id: 'eco-pyme',
      name: 'Pack Pymes',
      description: 'Todo para tu pyme',
      category: 'general',
      agentIds: [],
      avatar: null,
      price: 30,
      discount: 0,
      monthlyPrice: 30,
      priceId: 'price_pack',
      createdBy: 'creadora',
      creatorId: 'sub-creadora',
      isPublic: true,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
      tags: [],
      featured: false,
      popularity: 0,
    };
    mockApi()
      .on('GET', '/ecosystems/eco-pyme', { body: pack })
      .on('GET', '/marketplace/ecosystems/eco-pyme*', { body: pack })
      .on('GET', '/agents*', { body: page([]) })
      .on('GET', '/user-ecosystems/sub-ana', { body: [] })
      .on('GET', '/stripe-user-subscriptions/susbscription/user/sub-ana', {
        body: { success: true, data: [subscription({ isBundle: true, ecosystemId: 'eco-pyme', agents: [] })] },
      });
    const store = createStore();
    store.set(authStateAtom, ana);
    store.set(teamOwnerAtom, { status: 'user', userId: 'sub-ana' });
    renderWithProviders(
      <Routes>
        <Route path="/marketplace/ecosystem/:id" element={<MarketplaceEcosystemScreen />} />
      </Routes>,
      { store, route: '/marketplace/ecosystem/eco-pyme' },
    );
    expect(await screen.findByText('Suscrito')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chatear' })).toHaveAttribute('href', '/my-office/ecosystem/eco-pyme');
    expect(screen.getByRole('link', { name: 'Gestionar suscripción' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Suscribirse/ })).not.toBeInTheDocument();
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
