import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { defaultRuntimeConfig, runtimeConfigAtom } from '../../../shared/config';
import { ToastViewport } from '../../../shared/ui';
import { createQueryClient } from '../../../shared/api';
import type { Plan } from '../types';
import { Link, Route, Routes } from 'react-router-dom';
import { SubscribeButton } from './SubscribeFlow';

// Stripe.js is loaded from Stripe's servers; here a stand-in with the call the 3-D Secure step makes.
const confirmCardPayment = jest.fn();
const loadStripe = jest.fn(async () => ({ confirmCardPayment }));
jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: (...args: unknown[]) => loadStripe(...(args as [])) }));

const account = { userId: 'sub-ana', name: 'Ana García', email: 'ana@example.com' };
const plan: Plan = { kind: 'agent', id: 'agente-legal', name: 'Asesor Legal', description: '', creatorId: 'sub-bob', price: 19.99, priceId: 'price_legal' };
const card = { id: 'pm_1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true };

function renderButton(onSubscribed = jest.fn(), provider: 'demo' | 'stripe' = 'demo', queryClient = createQueryClient()) {
  const store = createStore();
  if (provider === 'stripe') {
    store.set(runtimeConfigAtom, { ...defaultRuntimeConfig, payments: { provider: 'stripe', publishableKey: 'pk_test_123', currency: 'eur' } });
  }
  renderWithProviders(
    <>
      <SubscribeButton account={account} plan={plan} onSubscribed={onSubscribed} />
      <ToastViewport />
    </>,
    { store, queryClient },
  );
  return onSubscribed;
}

/** Stripe mode, where the bank asks for 3-D Secure: create-subscription answers requiresAction. */
function mockThreeDSecure() {
  return mockApi()
    .on('GET', '/stripe/default-payment-method', { body: { paymentMethod: card } })
    .on('POST', '/stripe/create-customer', { status: 201, body: { customerId: 'cus_ana', name: 'Ana García', email: 'ana@example.com' } })
    .on('POST', '/stripe/create-subscription', {
      status: 201,
      body: { subscription: { subscriptionId: 'sub_sca', status: 'incomplete', priceId: 'price_legal', canceled_at: null }, requiresAction: true, clientSecret: 'pi_123_secret_abc' },
    });
}

async function subscribeInDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Suscribirse: Asesor Legal' }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirmar suscripción' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar suscripción' }));
  return dialog;
}

describe('SubscribeButton', () => {
  it('without a default card sends the user to Métodos de pago and subscribes nothing', async () => {
    const api = mockApi().on('GET', '/stripe/default-payment-method', { body: { paymentMethod: null } });
    renderButton();

    await userEvent.click(screen.getByRole('button', { name: 'Suscribirse: Asesor Legal' }));

    const dialog = await screen.findByRole('dialog', { name: 'Necesitas una tarjeta' });
    expect(dialog).toHaveTextContent('Para suscribirte necesitas una tarjeta predeterminada. Añádela en Métodos de pago y vuelve a intentarlo.');
    // Métodos de pago, with this page to come back to once the card is saved.
    expect(within(dialog).getByRole('link', { name: 'Añadir tarjeta' })).toHaveAttribute('href', '/mi-perfil?tab=PAYMENTS&reason=subscribe&returnTo=%2F');
    expect(api.callsTo('POST', '/stripe/create-subscription')).toHaveLength(0);
  });

  it("reopens the confirmation coming back from a card for this plan only, not another's", async () => {
    const api = mockApi().on('GET', '/stripe/default-payment-method', { body: { paymentMethod: card } });
    renderWithProviders(
      <Routes>
        <Route
          path="/"
          element={
            <>
              <Link to="/agente" state={{ resumeSubscription: ['price_otro'] }}>
                Volver por otro plan
              </Link>
              <Link to="/agente" state={{ resumeSubscription: ['price_legal'] }}>
                Volver por este plan
              </Link>
            </>
          }
        />
        <Route path="/agente" element={<SubscribeButton account={account} plan={plan} />} />
      </Routes>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Volver por otro plan' }));
    expect(await screen.findByRole('button', { name: 'Suscribirse: Asesor Legal' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/stripe/default-payment-method')).toHaveLength(0);
  });

  it('with a card asks once, then subscribes with an idempotency key and says so', async () => {
    const api = mockApi()
      .on('GET', '/stripe/default-payment-method', { body: { paymentMethod: card } })
      .on('POST', '/stripe/create-customer', { status: 201, body: { customerId: 'cus_ana', name: 'Ana García', email: 'ana@example.com' } })
      .on('POST', '/stripe/create-subscription', { status: 201, body: { subscription: { subscriptionId: 'sub_new', status: 'active', priceId: 'price_legal', canceled_at: null } } });
    const onSubscribed = renderButton();

    await userEvent.click(screen.getByRole('button', { name: 'Suscribirse: Asesor Legal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar suscripción' });
    expect(dialog).toHaveTextContent('Te suscribes a «Asesor Legal» por 19,99 € al mes.');
    expect(within(dialog).getByText('Modo demostración: no se realiza ningún cargo')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar suscripción' }));

    expect(await screen.findByText('Suscripción activada con éxito')).toBeInTheDocument();
    const [call] = api.callsTo('POST', '/stripe/create-subscription');
    expect(call!.body).toEqual({ customerID: 'cus_ana', priceID: 'price_legal' });
    expect(call!.headers['Idempotency-Key']).toMatch(/^[\w-]{16,}$/);
    expect(onSubscribed).toHaveBeenCalledWith({ subscriptionId: 'sub_new', planName: 'Asesor Legal', planId: 'agente-legal' });
  });

  it("shows a declined card's Spanish message as the server sends it", async () => {
    const declined = 'La tarjeta ha sido rechazada. Prueba con otra tarjeta.';
    mockApi()
      .on('GET', '/stripe/default-payment-method', { body: { paymentMethod: card } })
      .on('POST', '/stripe/create-customer', { status: 201, body: { customerId: 'cus_ana', name: 'Ana García', email: 'ana@example.com' } })
      .on('POST', '/stripe/create-subscription', { status: 402, body: { statusCode: 402, code: 'PaymentDeclined', message: declined } });
    const onSubscribed = renderButton();

    await userEvent.click(screen.getByRole('button', { name: 'Suscribirse: Asesor Legal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar suscripción' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar suscripción' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(declined);
    expect(onSubscribed).not.toHaveBeenCalled();
  });

  describe('when the bank asks for 3-D Secure (Stripe mode)', () => {
    beforeEach(() => {
      confirmCardPayment.mockReset();
      loadStripe.mockClear();
    });

    it("confirms the payment with Stripe.js and says the subscription is active", async () => {
      confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_123', status: 'succeeded' } });
      mockThreeDSecure();
      const onSubscribed = renderButton(jest.fn(), 'stripe');

      await subscribeInDialog();

      expect(await screen.findByText('Suscripción activada con éxito')).toBeInTheDocument();
      expect(confirmCardPayment).toHaveBeenCalledWith('pi_123_secret_abc');
      expect(onSubscribed).toHaveBeenCalledWith({ subscriptionId: 'sub_sca', planName: 'Asesor Legal', planId: 'agente-legal' });
    });

    it('shows the Spanish error when the bank does not confirm, and subscribes nothing', async () => {
      confirmCardPayment.mockResolvedValue({ error: { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method.' } });
      mockThreeDSecure();
      const onSubscribed = renderButton(jest.fn(), 'stripe');

      const dialog = await subscribeInDialog();

      expect(await within(dialog).findByRole('alert')).toHaveTextContent('No se pudo confirmar el pago con tu banco. Vuelve a intentarlo.');
      expect(confirmCardPayment).toHaveBeenCalledWith('pi_123_secret_abc');
      expect(screen.queryByText('Suscripción activada con éxito')).not.toBeInTheDocument();
      expect(onSubscribed).not.toHaveBeenCalled();
    });
  });

  it('never loads Stripe.js in demo mode', async () => {
    loadStripe.mockClear();
    mockApi()
      .on('GET', '/stripe/default-payment-method', { body: { paymentMethod: card } })
      .on('POST', '/stripe/create-customer', { status: 201, body: { customerId: 'cus_ana', name: 'Ana García', email: 'ana@example.com' } })
      .on('POST', '/stripe/create-subscription', { status: 201, body: { subscription: { subscriptionId: 'sub_demo', status: 'active', priceId: 'price_legal', canceled_at: null } } });
    renderButton();

    await subscribeInDialog();

    expect(await screen.findByText('Suscripción activada con éxito')).toBeInTheDocument();
    expect(loadStripe).not.toHaveBeenCalled();
  });

  it("has the user's subscriptions and team loaded again once subscribed", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(['subscriptions', 'user', 'sub-ana'], []);
    queryClient.setQueryData(['user-agents', 'sub-ana'], []);
    queryClient.setQueryData(['user-ecosystems', 'sub-ana'], { ecosystems: [], localMode: false });
    mockApi()
      .on('GET', '/stripe/default-payment-method', { body: { paymentMethod: card } })
      .on('POST', '/stripe/create-customer', { status: 201, body: { customerId: 'cus_ana', name: 'Ana García', email: 'ana@example.com' } })
      .on('POST', '/stripe/create-subscription', { status: 201, body: { subscription: { subscriptionId: 'sub_new', status: 'active', priceId: 'price_legal', canceled_at: null } } });
    renderButton(jest.fn(), 'demo', queryClient);

    await subscribeInDialog();

    expect(await screen.findByText('Suscripción activada con éxito')).toBeInTheDocument();
    for (const key of [['subscriptions', 'user', 'sub-ana'], ['user-agents', 'sub-ana'], ['user-ecosystems', 'sub-ana']]) {
      expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    }
  });
});
