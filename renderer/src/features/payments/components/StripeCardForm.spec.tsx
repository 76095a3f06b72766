import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { defaultRuntimeConfig, runtimeConfigAtom } from '../../../shared/config';
import { ToastViewport } from '../../../shared/ui';
import { PaymentMethodsPanel } from './PaymentMethodsPanel';

// Stripe.js is loaded from Stripe's servers; here a stand-in with the calls the form makes.
const card = { mount: jest.fn(), destroy: jest.fn(), clear: jest.fn(), on: jest.fn() };
const confirmCardSetup = jest.fn();
const loadStripe = jest.fn(async () => ({ elements: () => ({ create: () => card }), confirmCardSetup }));
jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: (...args: unknown[]) => loadStripe(...(args as [])) }));

const account = { name: 'Ana García', email: 'ana@example.com' };

function renderStripeMode() {
  const store = createStore();
  store.set(runtimeConfigAtom, { ...defaultRuntimeConfig, payments: { provider: 'stripe', publishableKey: 'pk_test_123', currency: 'eur' } });
  renderWithProviders(
    <>
      <PaymentMethodsPanel account={account} />
      <ToastViewport />
    </>,
    { store },
  );
}

/** What Elements reports as the user types a complete card. */
function completeCard() {
  const onChange = card.on.mock.calls.find(([event]) => event === 'change')![1] as (event: { complete: boolean }) => void;
  act(() => onChange({ complete: true }));
}

describe('PaymentMethodsPanel in Stripe mode', () => {
  beforeEach(() => jest.clearAllMocks());

  it('mounts Stripe Elements, confirms the card against a SetupIntent and saves only the payment method id', async () => {
    confirmCardSetup.mockResolvedValue({ setupIntent: { payment_method: 'pm_1Real' } });
    const api = mockApi()
      .on('GET', '/stripe/all-methods-payment', { body: { paymentMethods: [], defaultPaymentMethodId: null } })
      .on('POST', '/stripe/create-customer', { status: 201, body: { customerId: 'cus_ana', ...account } })
      .on('POST', '/stripe/create-setup-intent', { status: 201, body: { id: 'seti_1', clientSecret: 'seti_1_secret_x' } })
      .on('POST', '/stripe/add-card', { status: 201, body: { id: 'pm_1Real', brand: 'visa', last4: '4242', expMonth: 1, expYear: 2031, isDefault: true } });
    renderStripeMode();

    await waitFor(() => expect(card.mount).toHaveBeenCalled());
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123', { locale: 'es' });
    expect(screen.queryByText('Modo demostración: no se realiza ningún cargo')).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Número de tarjeta/ })).toBeNull();
    completeCard();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar tarjeta' }));

    expect(await screen.findByText('Tarjeta guardada')).toBeInTheDocument();
    expect(api.callsTo('POST', '/stripe/create-setup-intent')[0]!.body).toEqual({ customerId: 'cus_ana' });
    expect(confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_x', { payment_method: { card } });
    expect(api.callsTo('POST', '/stripe/add-card')[0]!.body).toEqual({ customerID: 'cus_ana', paymentMethodID: 'pm_1Real' });
  });

  it("shows Stripe's message when the card is refused and saves nothing", async () => {
    confirmCardSetup.mockResolvedValue({ error: { message: 'Tu tarjeta ha sido rechazada.' } });
    const api = mockApi()
      .on('GET', '/stripe/all-methods-payment', { body: { paymentMethods: [], defaultPaymentMethodId: null } })
      .on('POST', '/stripe/create-customer', { status: 201, body: { customerId: 'cus_ana', ...account } })
      .on('POST', '/stripe/create-setup-intent', { status: 201, body: { id: 'seti_1', clientSecret: 'seti_1_secret_x' } });
    renderStripeMode();

    await waitFor(() => expect(card.mount).toHaveBeenCalled());
    completeCard();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar tarjeta' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Tu tarjeta ha sido rechazada.');
    expect(api.callsTo('POST', '/stripe/add-card')).toHaveLength(0);
  });
});
