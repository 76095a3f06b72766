import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { Route, Routes } from 'react-router-dom';
import { mockApi } from '../../../test/api-mock';
import { agentFixture, ecosystemFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { authStateAtom } from '../../features/auth/state/authState';
import { CART_STORAGE_KEY } from '../../features/cart';
import { chatOwnerAtom } from '../../features/chat';
import { ToastViewport } from '../../shared/ui';
import { ConversationScreen } from './chatScreens';
import { MarketplaceAgentScreen, MarketplaceEcosystemScreen, ShoppingCartScreen } from './marketplaceScreens';
import { PaymentSuccessScreen } from './publicScreens';

jest.setTimeout(30_000);

const ana = { userId: 'sub-ana', username: 'ana', email: 'ana@example.com', role: 'user' as const, contactName: 'Ana García' };
const legal = agentFixture({ price: 19.99, priceId: 'price_legal' });
const finance = agentFixture({ id: 'agente-finanzas', name: 'Analista Financiero', price: 30.01, priceId: 'price_finanzas' });
const free = agentFixture({ id: 'agente-gratis', name: 'Ayudante Gratis', price: 0, priceId: null });

function renderCart() {
  const store = createStore();
  store.set(authStateAtom, { isAuthenticated: true, isLoading: false, user: ana });
  renderWithProviders(
    <>
      <Routes>
        <Route path="/marketplace/shopping-cart" element={<ShoppingCartScreen />} />
        <Route path="/success" element={<PaymentSuccessScreen />} />
      </Routes>
      <ToastViewport />
    </>,
    { store, route: '/marketplace/shopping-cart' },
  );
}

describe('the cart checkout', () => {
  it('subscribes once per paid agent after one confirmation, empties those from the cart and thanks on /success', async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(['agente-legal', 'agente-finanzas', 'agente-gratis']));
    let n = 0;
    const api = mockApi()
      .on('GET', '/agents/agente-legal', { body: legal })
      .on('GET', '/agents/agente-finanzas', { body: finance })
      .on('GET', '/agents/agente-gratis', { body: free })
      .on('GET', '/stripe/default-payment-method', { body: { paymentMethod: { id: 'pm_1', brand: 'visa', last4: '4242', expMonth: 1, expYear: 2031, isDefault: true } } })
      .on('POST', '/stripe/create-customer', { status: 201, body: { customerId: 'cus_ana', name: 'Ana García', email: 'ana@example.com' } })
      .on('POST', '/stripe/create-subscription', () => ({ status: 201, body: { subscription: { subscriptionId: `sub_${++n}`, status: 'active' } } }));
    renderCart();

    await userEvent.click(await screen.findByRole('button', { name: 'Pagar y suscribirme' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar suscripción' });
    expect(within(dialog).getByText('Asesor Legal · 19,99 €')).toBeInTheDocument();
    expect(within(dialog).getByText('Analista Financiero · 30,01 €')).toBeInTheDocument();
    expect(within(dialog).getByText('Total: 50,00 € al mes')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar compra' }));

    expect(await screen.findByRole('heading', { level: 1, name: '¡Gracias por tu compra!' })).toBeInTheDocument();
    expect(screen.getByTestId('purchased-items')).toHaveTextContent('Suscripciones activadas: Asesor Legal, Analista Financiero.');
    const calls = api.callsTo('POST', '/stripe/create-subscription');
    expect(calls.map((call) => call.body)).toEqual([
      { customerID: 'cus_ana', priceID: 'price_legal' },
      { customerID: 'cus_ana', priceID: 'price_finanzas' },
    ]);
    expect(new Set(calls.map((call) => call.headers['Idempotency-Key'])).size).toBe(2);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toEqual(['agente-gratis']);
  });

  it('without a default card leads to Métodos de pago and buys nothing', async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(['agente-legal']));
    const api = mockApi()
      .on('GET', '/agents/agente-legal', { body: legal })
      .on('GET', '/stripe/default-payment-method', { body: { paymentMethod: null } });
    renderCart();

    await userEvent.click(await screen.findByRole('button', { name: 'Pagar y suscribirme' }));
    const dialog = await screen.findByRole('dialog', { name: 'Necesitas una tarjeta' });
    // Métodos de pago, coming back to the cart once the card is saved.
    expect(within(dialog).getByRole('link', { name: 'Añadir tarjeta' })).toHaveAttribute(
      'href',
      `/mi-perfil?tab=PAYMENTS&reason=subscribe&returnTo=${encodeURIComponent('/marketplace/shopping-cart')}`,
    );
    expect(api.callsTo('POST', '/stripe/create-subscription')).toHaveLength(0);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toEqual(['agente-legal']);
  });

  it('keeps what was not bought in the cart when a card is declined half-way', async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(['agente-legal', 'agente-finanzas']));
    const declined = 'La tarjeta no tiene fondos suficientes. Prueba con otra tarjeta.';
    const api = mockApi()
      .on('GET', '/agents/agente-legal', { body: legal })
      .on('GET', '/agents/agente-finanzas', { body: finance })
      .on('GET', '/stripe/default-payment-method', { body: { paymentMethod: { id: 'pm_1', brand: 'visa', last4: '4242', expMonth: 1, expYear: 2031, isDefault: true } } })
      .on('POST', '/stripe/create-customer', { status: 201, body: { customerId: 'cus_ana', name: 'Ana García', email: 'ana@example.com' } })
      .on('POST', '/stripe/create-subscription', (call) =>
        (call.body as { priceID: string }).priceID === 'price_legal'
          ? { status: 201, body: { subscription: { subscriptionId: 'sub_1', status: 'active' } } }
          : { status: 402, body: { statusCode: 402, message: declined } },
      );
    renderCart();

    await userEvent.click(await screen.findByRole('button', { name: 'Pagar y suscribirme' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar suscripción' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar compra' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(declined);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Se activó 1 de 2 suscripciones.');
    await waitFor(() => expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toEqual(['agente-finanzas']));
    expect(api.callsTo('POST', '/stripe/create-subscription')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: '¡Gracias por tu compra!' })).toBeNull();
  });
});

function signedInStore() {
  const store = createStore();
  store.set(authStateAtom, { isAuthenticated: true, isLoading: false, user: ana });
  store.set(chatOwnerAtom, { status: 'user', userId: 'sub-ana' });
  return store;
}

describe("'Suscribirse' on the marketplace", () => {
  function renderAt(route: string) {
    renderWithProviders(
      <>
        <Routes>
          <Route path="/marketplace/agent/:id" element={<MarketplaceAgentScreen />} />
          <Route path="/marketplace/ecosystem/:id" element={<MarketplaceEcosystemScreen />} />
          <Route path="/success" element={<PaymentSuccessScreen />} />
        </Routes>
        <ToastViewport />
      </>,
      { store: signedInStore(), route },
    );
  }

  it("offers it on a paid agent's page and thanks on /success after subscribing", async () => {
    mockApi()
      .on('GET', '/agents/agente-legal', { body: legal })
      .on('GET', '/stripe/default-payment-method', { body: { paymentMethod: { id: 'pm_1', brand: 'visa', last4: '4242', expMonth: 1, expYear: 2031, isDefault: true } } })
      .on('POST', '/stripe/create-customer', { status: 201, body: { customerId: 'cus_ana', name: 'Ana García', email: 'ana@example.com' } })
      .on('POST', '/stripe/create-subscription', { status: 201, body: { subscription: { subscriptionId: 'sub_9', status: 'active' } } });
    renderAt('/marketplace/agent/agente-legal');

    await userEvent.click(await screen.findByRole('button', { name: 'Suscribirse: Asesor Legal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar suscripción' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar suscripción' }));

    expect(await screen.findByRole('heading', { level: 1, name: '¡Gracias por tu compra!' })).toBeInTheDocument();
    expect(screen.getByText('sub_9')).toBeInTheDocument();
  });

  it('is not offered for a free agent, nor to the agent’s creator', async () => {
    mockApi()
      .on('GET', '/agents/agente-gratis', { body: free })
      .on('GET', '/agents/agente-propio', { body: agentFixture({ id: 'agente-propio', name: 'Mi Agente', price: 9, priceId: 'price_p', createdBy: 'ana', creatorId: 'sub-ana' }) });
    renderAt('/marketplace/agent/agente-gratis');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ayudante Gratis' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Suscribirse/ })).toBeNull();
  });

  it("offers it on a priced ecosystem's page at its discounted price", async () => {
    mockApi()
      .on('GET', '/ecosystems/eco-pyme', {
        body: { ...ecosystemFixture({ price: 100, discount: 20 }), priceId: 'price_eco' },
      })
      .on('GET', '/agents/agente-legal', { body: legal })
      .on('GET', '/stripe/default-payment-method', { body: { paymentMethod: { id: 'pm_1', brand: 'visa', last4: '4242', expMonth: 1, expYear: 2031, isDefault: true } } });
    renderAt('/marketplace/ecosystem/eco-pyme');

    await userEvent.click(await screen.findByRole('button', { name: 'Suscribirse: Pyme Completa' }));
    expect(await screen.findByRole('dialog', { name: 'Confirmar suscripción' })).toHaveTextContent(
      'Te suscribes a «Pyme Completa» por 80,00 € al mes.',
    );
  });
});

describe('payments in the chat', () => {
  const conversation = {
    id: '11111111-1111-4111-8111-111111111111',
    title: 'Chat con Asesor Legal',
    userId: 'sub-ana',
    metadata: { agentId: 'agente-legal' },
    category: 'agent',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    messages: [],
  };
  const LOOKUP = '/stripe-user-subscriptions/subscriptions/user/sub-ana/agente-legal';
  const stored = (status: string) => ({
    success: true,
    data: { subscriptionId: 'sub_1', status, priceId: 'price_legal', agentId: 'agente-legal', userId: 'sub-ana', isBundle: false, agents: [] },
  });

  function renderConversation() {
    renderWithProviders(
      <>
        <Routes>
          <Route path="/chat/:conversationId" element={<ConversationScreen />} />
        </Routes>
        <ToastViewport />
      </>,
      { store: signedInStore(), route: `/chat/${conversation.id}` },
    );
  }

  it("'Reanudar' in 'Suscripción Pausada' resumes the subscription and reloads the agent so the chat starts", async () => {
    let status = 'paused';
    const api = mockApi()
      .on('GET', `/conversations/${conversation.id}`, { body: conversation })
      .on('GET', '/agents/agente-legal', { body: { ...legal, createdBy: 'bob', creatorId: 'sub-bob' } })
      .on('GET', LOOKUP, () => ({ body: stored(status) }))
      .on('POST', '/stripe/resume-subscription', () => {
        status = 'active';
        return { status: 201, body: {} };
      });
    renderConversation();

    const dialog = await screen.findByRole('dialog', { name: 'Suscripción Pausada' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reanudar suscripción' }));

    expect(await screen.findByText('Suscripción activada con éxito')).toBeInTheDocument();
    expect(api.callsTo('POST', '/stripe/resume-subscription')[0]!.body).toEqual({ subscriptionID: 'sub_1', priceID: 'price_legal' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Suscripción Pausada' })).toBeNull());
    await waitFor(() => expect(api.callsTo('GET', '/agents/agente-legal').length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(api.callsTo('GET', LOOKUP).length).toBeGreaterThanOrEqual(3));
    expect(screen.queryByRole('dialog', { name: 'Suscripción Pausada' })).toBeNull();
  });

  it("shows 'Suscribirse' beside the chat's 'subscription required' refusal", async () => {
    const text = 'Necesitas una suscripción activa para chatear con este agente.';
    mockApi()
      .on('GET', `/conversations/${conversation.id}`, { body: conversation })
      .on('GET', '/agents/agente-legal', { body: { ...legal, createdBy: 'bob', creatorId: 'sub-bob' } })
      .on('GET', LOOKUP, { body: { success: false, data: null } })
      .on('POST', '/bedrock/agents/chat', { status: 403, body: { statusCode: 403, message: text, code: 'SubscriptionRequired' } })
      .on('POST', `/conversations/${conversation.id}/messages`, { status: 201, body: {} })
      .on('GET', '/stripe/default-payment-method', { body: { paymentMethod: null } });
    renderConversation();

    await screen.findByText('Estás chateando con Asesor Legal. Escribe tu primera pregunta.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Escribe tu mensaje' }), 'Hola{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    await userEvent.click(await within(alert).findByRole('button', { name: 'Suscribirse: Asesor Legal' }));
    expect(await screen.findByRole('dialog', { name: 'Necesitas una tarjeta' })).toBeInTheDocument();
  });
});
