import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { Route, Routes, useLocation } from 'react-router-dom';
import { mockApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { authStateAtom } from '../../features/auth/state/authState';
import { ProfileRoute } from './ProfileRoute';

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
