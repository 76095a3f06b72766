import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { Route, Routes, useLocation } from 'react-router-dom';
import { mockApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { authStateAtom } from '../../features/auth/state/authState';
import { SubscribeButton } from '../../features/subscriptions';
import { ToastViewport } from '../../shared/ui';
import { ProfileRoute } from './ProfileRoute';
import { sameAppPath } from './sameAppPath';

jest.setTimeout(30_000);

const ana = { userId: 'sub-ana', username: 'ana', email: 'ana@example.com', role: 'user' as const, contactName: 'Ana García' };

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

function renderProfile(route: string) {
  const store = createStore();
  store.set(authStateAtom, { isAuthenticated: true, isLoading: false, user: ana });
  renderWithProviders(
    <>
      <Routes>
        <Route path="/mi-perfil" element={<ProfileRoute />} />
        <Route path="/mi-perfil/subscription-plans/:subscriptionId/:priceId" element={<div>cambio</div>} />
      </Routes>
      <LocationProbe />
    </>,
    { store, route },
  );
}

const subscription = {
  subscriptionId: 'sub_1',
  status: 'active',
  isBundle: false,
  agents: [],
  priceId: 'price_legal',
  price: 19.99,
  userId: 'sub-ana',
  agentId: 'agente-legal',
  createdAt: '2026-10-01T10:00:00.000Z',
  updatedAt: '2026-10-01T10:00:00.000Z',
  finishedAt: null,
  user: { name: 'Ana García', email: 'ana@example.com' },
  products: [{ name: 'Asesor Legal', description: '', price: 19.99 }],
};

describe('/mi-perfil tabs', () => {
  beforeEach(() => {
    mockApi()
      .on('GET', '/stripe/all-methods-payment', { body: { paymentMethods: [], defaultPaymentMethodId: null } })
      .on('GET', '/stripe-user-subscriptions/susbscription/user/sub-ana', { body: { success: true, data: [subscription] } })
      .on('GET', '/marketplace/agents', {
        body: { items: [{ id: 'agente-fiscal', name: 'Asesor Fiscal', description: '', price: 29.99, priceId: 'price_fiscal' }], total: 1 },
      })
      .on('GET', '/marketplace/ecosystems', { body: { items: [], total: 0 } });
  });

  it('PAYMENTS shows the cards, and why the user was sent there to subscribe', async () => {
    renderProfile('/mi-perfil?tab=PAYMENTS&reason=subscribe');
    expect(screen.getByRole('tab', { name: 'Métodos de pago' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Métodos de pago' })).toBeInTheDocument();
    expect(screen.getByText(/Para suscribirte necesitas una tarjeta predeterminada/)).toBeInTheDocument();
  });

  it("SUBSCRIPTION: 'Editar' offers the change to its agent's current price, which leads to the preview", async () => {
    mockApi()
      .on('GET', '/stripe-user-subscriptions/susbscription/user/sub-ana', { body: { success: true, data: [subscription] } })
      .on('GET', '/agents/agente-legal', { body: { id: 'agente-legal', name: 'Asesor Legal', description: '', price: 24.99, priceId: 'price_legal_2' } });
    renderProfile('/mi-perfil?tab=SUBSCRIPTION&sub_id=sub_1');
    const region = await screen.findByRole('region', { name: 'Detalles de la suscripción: Asesor Legal' });
    await userEvent.click(within(region).getByRole('button', { name: 'Editar: Asesor Legal' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/mi-perfil?tab=PLANS&sub_id=sub_1'));
    await userEvent.click(await screen.findByRole('button', { name: 'Cambiar a este plan: Asesor Legal' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/mi-perfil/subscription-plans/sub_1/price_legal_2'));
  });

  it("'Nueva suscripción' opens the plans", async () => {
    renderProfile('/mi-perfil?tab=SUBSCRIPTION');
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva suscripción' }));
    expect(await screen.findByRole('button', { name: 'Suscribirse: Asesor Fiscal' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/mi-perfil?tab=PLANS');
  });
});

describe("'Suscribirse' without a card (issue 31, item 8)", () => {
  const card = { id: 'pm_card_visa', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, isDefault: true };
  const plan = { kind: 'agent' as const, id: 'agente-legal', name: 'Asesor Legal', description: '', creatorId: 'sub-bob', price: 19.99, priceId: 'price_legal' };

  /** The agent's page (its 'Suscribirse') and Métodos de pago, as the app routes them. */
  function renderJourney(route: string) {
    const store = createStore();
    store.set(authStateAtom, { isAuthenticated: true, isLoading: false, user: ana });
    renderWithProviders(
      <>
        <Routes>
          <Route path="/mi-perfil" element={<ProfileRoute />} />
          <Route path="/marketplace/agent/:id" element={<SubscribeButton account={{ userId: 'sub-ana', name: 'Ana García', email: 'ana@example.com' }} plan={plan} />} />
        </Routes>
        <LocationProbe />
        <ToastViewport />
      </>,
      { store, route },
    );
  }

  it('takes the user back to the subscription once the card is saved, with its confirmation open', async () => {
    let cards: (typeof card)[] = [];
    const api = mockApi()
      .on('GET', '/stripe/default-payment-method', () => ({ body: { paymentMethod: cards[0] ?? null } }))
      .on('GET', '/stripe/all-methods-payment', () => ({ body: { paymentMethods: cards, defaultPaymentMethodId: cards[0]?.id ?? null } }))
      .on('POST', '/stripe/create-customer', { status: 201, body: { customerId: 'cus_ana', name: 'Ana García', email: 'ana@example.com' } })
      .on('POST', '/stripe/add-card', () => {
        cards = [card];
        return { status: 201, body: card };
      })
      .on('POST', '/stripe/create-subscription', {
        status: 201,
        body: { subscription: { subscriptionId: 'sub_new', status: 'active', priceId: 'price_legal', canceled_at: null }, requiresAction: false, clientSecret: null },
      });
    renderJourney('/marketplace/agent/agente-legal?from=busqueda');

    await userEvent.click(screen.getByRole('button', { name: 'Suscribirse: Asesor Legal' }));
    const noCard = await screen.findByRole('dialog', { name: 'Necesitas una tarjeta' });
    const addCard = within(noCard).getByRole('link', { name: 'Añadir tarjeta' });
    expect(addCard).toHaveAttribute('href', `/mi-perfil?tab=PAYMENTS&reason=subscribe&returnTo=${encodeURIComponent('/marketplace/agent/agente-legal?from=busqueda')}`);
    await userEvent.click(addCard);

    expect(await screen.findByText('Para suscribirte necesitas una tarjeta predeterminada. Cuando la guardes, volverás a la suscripción para confirmarla.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a la suscripción' })).toHaveAttribute('href', '/marketplace/agent/agente-legal?from=busqueda');
    await userEvent.type(screen.getByRole('textbox', { name: /Número de tarjeta/ }), '4242424242424242');
    await userEvent.type(screen.getByRole('textbox', { name: /Caducidad/ }), '12/34');
    await userEvent.type(screen.getByRole('textbox', { name: /CVC/ }), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar tarjeta' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/marketplace/agent/agente-legal?from=busqueda'));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmar suscripción' });
    expect(confirm).toHaveTextContent('Te suscribes a «Asesor Legal»');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirmar suscripción' }));
    await waitFor(() => expect(api.callsTo('POST', '/stripe/create-subscription')).toHaveLength(1));
    expect(api.callsTo('POST', '/stripe/create-subscription')[0]!.body).toMatchObject({ customerID: 'cus_ana', priceID: 'price_legal' });
  });

  it('follows no returnTo that leaves the app, and keeps the user on Métodos de pago', async () => {
    mockApi()
      .on('GET', '/stripe/all-methods-payment', () => ({ body: { paymentMethods: [], defaultPaymentMethodId: null } }))
      .on('POST', '/stripe/create-customer', { status: 201, body: { customerId: 'cus_ana', name: 'Ana García', email: 'ana@example.com' } })
      .on('POST', '/stripe/add-card', { status: 201, body: card });
    renderJourney(`/mi-perfil?tab=PAYMENTS&reason=subscribe&returnTo=${encodeURIComponent('//otro.example/robar')}`);
    expect(await screen.findByText(/Para suscribirte necesitas una tarjeta predeterminada/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Volver a la suscripción' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Número de tarjeta/ }), '4242424242424242');
    await userEvent.type(screen.getByRole('textbox', { name: /Caducidad/ }), '12/34');
    await userEvent.type(screen.getByRole('textbox', { name: /CVC/ }), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar tarjeta' }));
    expect(await screen.findByText('Tarjeta guardada')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/mi-perfil?tab=PAYMENTS&reason=subscribe');
  });

  it.each([
    ['/marketplace/agent/a1?x=1#y', '/marketplace/agent/a1?x=1#y'],
    ['//otro.example', null],
    ['/\\otro.example', null],
    ['https://otro.example/', null],
    ['javascript:alert(1)', null],
    ['', null],
  ])('sameAppPath(%j) is %j', (value, expected) => {
    expect(sameAppPath(value)).toBe(expected);
  });
});
