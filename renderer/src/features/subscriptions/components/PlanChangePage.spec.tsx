import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { ToastViewport } from '../../../shared/ui';
import { PlanChangePage } from './PlanChangePage';

const PREVIEW = '/stripe/subscriptions/sub_1/change-preview';
const MINE = '/stripe-user-subscriptions/susbscription/user/sub-ana';

/** Ana's subscription to 'Asesor Legal' at its old price; the agent now sells at price_legal_new (the one change the server allows). */
const subscription = {
  subscriptionId: 'sub_1',
  status: 'active',
  isBundle: false,
  agents: [],
  priceId: 'price_legal',
  price: 19.99,
  userId: 'sub-ana',
  agentId: 'agente-legal',
  ecosystemId: null,
  createdAt: '2026-10-01T10:00:00.000Z',
  updatedAt: '2026-10-01T10:00:00.000Z',
  finishedAt: null,
  user: { name: 'Ana', email: 'ana@example.com' },
  products: [{ name: 'Asesor Legal', description: '', price: 19.99 }],
};

function server(amountDue: number) {
  return mockApi()
    .on('GET', PREVIEW, { body: { amountDue, currency: 'eur', currentPrice: 19.99, newPrice: 29.99 } })
    .on('GET', MINE, { body: { success: true, data: [subscription] } })
    .on('GET', '/agents/agente-legal', { body: { id: 'agente-legal', name: 'Asesor Legal', description: '', price: 29.99, priceId: 'price_legal_new' } });
}

function renderPage(onDone = jest.fn()) {
  renderWithProviders(
    <>
      <PlanChangePage userId="sub-ana" subscriptionId="sub_1" priceId="price_legal_new" onDone={onDone} backHref="/mi-perfil?tab=SUBSCRIPTION" />
      <ToastViewport />
    </>,
  );
  return onDone;
}

describe('PlanChangePage', () => {
  it('shows the prorated amount before confirming, then changes the plan once with an idempotency key', async () => {
    const api = server(1234).on('POST', '/stripe/change-subscription-plan', { status: 201, body: { id: 'sub_1' } });
    const onDone = renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Cambio de plan' })).toBeInTheDocument();
    expect(await screen.findByTestId('proration-amount')).toHaveTextContent('12,34 €');
    expect(screen.getByText('Importe a pagar ahora')).toBeInTheDocument();
    expect(screen.getByText('Modo demostración: no se realiza ningún cargo')).toBeInTheDocument();
    expect(screen.getByText('Asesor Legal · 29,99 € / mes')).toBeInTheDocument();
    expect(screen.getByText('Asesor Legal · 19,99 € / mes')).toBeInTheDocument();
    expect(api.callsTo('GET', PREVIEW)[0]!.url.searchParams.get('priceID')).toBe('price_legal_new');
    expect(api.callsTo('POST', '/stripe/change-subscription-plan')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Confirmar cambio' }));

    expect(await screen.findByText('Suscripción actualizada con éxito')).toBeInTheDocument();
    const [call] = api.callsTo('POST', '/stripe/change-subscription-plan');
    expect(call!.body).toEqual({ subscriptionID: 'sub_1', priceID: 'price_legal_new' });
    expect(call!.headers['Idempotency-Key']).toMatch(/^[\w-]{16,}$/);
    expect(onDone).toHaveBeenCalledWith('sub_1');
  });

  it('calls a negative amount a credit', async () => {
    server(-500);
    renderPage();
    expect(await screen.findByTestId('proration-amount')).toHaveTextContent('5,00 €');
    expect(screen.getByText('Saldo a tu favor')).toBeInTheDocument();
  });

  it("shows the server's message when the change is refused and stays on the page", async () => {
    server(1234).on('POST', '/stripe/change-subscription-plan', {
      status: 402,
      body: { statusCode: 402, message: 'La tarjeta no tiene fondos suficientes. Prueba con otra tarjeta.' },
    });
    const onDone = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar cambio' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La tarjeta no tiene fondos suficientes. Prueba con otra tarjeta.');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('says when the subscription being changed cannot be loaded, with Reintentar, instead of showing its id as its name', async () => {
    server(1234).on('GET', MINE, { status: 502, body: { statusCode: 502, message: 'La pasarela de pago no responde' } });
    renderPage();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No pudimos calcular el cambio de plan. Inténtalo de nuevo. La pasarela de pago no responde',
    );
    expect(screen.queryByRole('button', { name: 'Confirmar cambio' })).toBeNull();
    server(1234);
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Asesor Legal · 19,99 € / mes')).toBeInTheDocument();
  });
});
