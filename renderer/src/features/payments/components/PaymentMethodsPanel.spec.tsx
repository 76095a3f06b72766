import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { ToastViewport } from '../../../shared/ui';
import type { Card } from '../api/paymentsQueries';
import { demoPaymentMethodFor } from '../utils/demoCards';
import { PaymentMethodsPanel } from './PaymentMethodsPanel';

// Typing card numbers takes a while on a busy machine.
jest.setTimeout(30_000);

const account = { name: 'Ana García', email: 'ana@example.com' };
const visa: Card = { id: 'pm_visa_1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true };
const master: Card = { id: 'pm_mc_1', brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2031, isDefault: false };

/** GET /stripe/all-methods-payment as the server answers it. */
const methods = (cards: Card[]) => ({ paymentMethods: cards, defaultPaymentMethodId: cards.find((card) => card.isDefault)?.id ?? null });

function server(cards: Card[]): { api: ApiMock } {
  const api = mockApi()
    .on('GET', '/stripe/all-methods-payment', () => ({ body: methods(cards) }))
    .on('POST', '/stripe/create-customer', { status: 201, body: { customerId: 'cus_ana', ...account } });
  return { api };
}

function renderPanel() {
  return renderWithProviders(
    <>
      <PaymentMethodsPanel account={account} />
      <ToastViewport />
    </>,
  );
}

async function fillCard(number: string, expiry = '12/34') {
  await userEvent.type(screen.getByRole('textbox', { name: /Número de tarjeta/ }), number);
  await userEvent.type(screen.getByRole('textbox', { name: /Caducidad/ }), expiry);
  await userEvent.type(screen.getByRole('textbox', { name: /CVC/ }), '123');
  await userEvent.click(screen.getByRole('button', { name: 'Guardar tarjeta' }));
}

describe('demo card numbers', () => {
  it.each([
    ['4242 4242 4242 4242', 'pm_card_visa'],
    ['5555555555554444', 'pm_card_mastercard'],
    ['3714 496353 98431', 'pm_card_amex'],
    ['4000 0000 0000 0341', 'pm_card_chargeCustomerFail'],
    ['4000 0000 0000 0002', 'pm_card_chargeDeclined'],
    ['4000-0000-0000-9995', 'pm_card_insufficientFunds'],
    ['4111 1111 1111 1111', null],
  ])('%s stands for %s', (number, paymentMethod) => {
    expect(demoPaymentMethodFor(number)).toBe(paymentMethod);
  });
});

describe('PaymentMethodsPanel in demo mode', () => {
  it('says that no money is charged and saves a Visa test card as pm_card_visa on the caller’s customer', async () => {
    const { api } = server([]);
    api.on('POST', '/stripe/add-card', { status: 201, body: visa });
    renderPanel();

    expect(await screen.findByText('Todavía no tienes ninguna tarjeta guardada.')).toBeInTheDocument();
    expect(screen.getByText('Modo demostración: no se realiza ningún cargo')).toBeInTheDocument();
    api.on('GET', '/stripe/all-methods-payment', { body: methods([visa]) });
    await fillCard('4242424242424242');

    expect(await screen.findByText('Tarjeta guardada')).toBeInTheDocument();
    expect(api.callsTo('POST', '/stripe/create-customer')[0]!.body).toEqual(account);
    expect(api.callsTo('POST', '/stripe/add-card')[0]!.body).toEqual({ customerID: 'cus_ana', paymentMethodID: 'pm_card_visa', expMonth: 12, expYear: 2034 });
    const list = await screen.findByRole('list', { name: 'Tarjetas guardadas' });
    expect(within(list).getByText('Visa terminada en 4242')).toBeInTheDocument();
    expect(within(list).getByText('Predeterminada')).toBeInTheDocument();
    // The number itself never leaves the browser.
    expect(JSON.stringify(api.calls.map((call) => call.body))).not.toContain('4242424242424242');
  });

  it('sends the expiry typed, so the card saved as expiring 12/30 shows «Caduca 12/30» (issue 31, item 8)', async () => {
    const { api } = server([]);
    api.on('POST', '/stripe/add-card', { status: 201, body: visa });
    renderPanel();
    await screen.findByText('Todavía no tienes ninguna tarjeta guardada.');
    api.on('GET', '/stripe/all-methods-payment', { body: methods([visa]) });

    await fillCard('4242 4242 4242 4242', '12/30');

    expect(await screen.findByText('Tarjeta guardada')).toBeInTheDocument();
    expect(api.callsTo('POST', '/stripe/add-card')[0]!.body).toEqual({ customerID: 'cus_ana', paymentMethodID: 'pm_card_visa', expMonth: 12, expYear: 2030 });
    const list = await screen.findByRole('list', { name: 'Tarjetas guardadas' });
    expect(within(list).getByText('Caduca 12/30')).toBeInTheDocument();
  });

  it("shows the server's Spanish message for a declined test card and saves nothing", async () => {
    const { api } = server([]);
    const declined = 'La tarjeta ha sido rechazada. Prueba con otra tarjeta.';
    api.on('POST', '/stripe/add-card', { status: 402, body: { statusCode: 402, code: 'PaymentDeclined', message: declined } });
    renderPanel();
    await screen.findByText('Todavía no tienes ninguna tarjeta guardada.');

    await fillCard('4000 0000 0000 0002');

    expect(await screen.findByRole('alert')).toHaveTextContent(declined);
    expect(api.callsTo('POST', '/stripe/add-card')[0]!.body).toEqual({ customerID: 'cus_ana', paymentMethodID: 'pm_card_chargeDeclined', expMonth: 12, expYear: 2034 });
    expect(screen.getByText('Todavía no tienes ninguna tarjeta guardada.')).toBeInTheDocument();
  });

  it('refuses a number that is not a test card without calling the server', async () => {
    const { api } = server([]);
    renderPanel();
    await screen.findByText('Todavía no tienes ninguna tarjeta guardada.');

    await fillCard('4111 1111 1111 1111');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'En modo demostración usa una tarjeta de prueba, por ejemplo 4242 4242 4242 4242.',
    );
    expect(api.callsTo('POST', '/stripe/add-card')).toHaveLength(0);
  });
});

describe('PaymentMethodsPanel: saved cards', () => {
  it('makes another card the default', async () => {
    let cards = [visa, master];
    const api = mockApi()
      .on('GET', '/stripe/all-methods-payment', () => ({ body: methods(cards) }))
      .on('POST', '/stripe/set-default-payment-method', () => {
        cards = cards.map((card) => ({ ...card, isDefault: card.id === master.id }));
        return { status: 201, body: { success: true } };
      });
    renderPanel();

    const list = await screen.findByRole('list', { name: 'Tarjetas guardadas' });
    expect(within(list).queryByRole('button', { name: 'Usar como predeterminada: Visa terminada en 4242' })).toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: 'Usar como predeterminada: Mastercard terminada en 4444' }));

    expect(await screen.findByText('Tarjeta predeterminada actualizada')).toBeInTheDocument();
    expect(api.callsTo('POST', '/stripe/set-default-payment-method')[0]!.body).toEqual({ paymentMethodID: 'pm_mc_1' });
    await waitFor(() =>
      expect(within(list).getByRole('button', { name: 'Usar como predeterminada: Visa terminada en 4242' })).toBeInTheDocument(),
    );
  });

  it('deletes a card only after confirming', async () => {
    let cards = [visa, master];
    const api = mockApi()
      .on('GET', '/stripe/all-methods-payment', () => ({ body: methods(cards) }))
      .on('POST', '/stripe/delete-payment-method', () => {
        cards = cards.filter((card) => card.id !== master.id);
        return { status: 201, body: { success: true } };
      });
    renderPanel();

    const list = await screen.findByRole('list', { name: 'Tarjetas guardadas' });
    await userEvent.click(within(list).getByRole('button', { name: 'Eliminar: Mastercard terminada en 4444' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar tarjeta' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/stripe/delete-payment-method')).toHaveLength(0);

    await userEvent.click(within(list).getByRole('button', { name: 'Eliminar: Mastercard terminada en 4444' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Eliminar tarjeta' })).getByRole('button', { name: 'Eliminar' }));

    expect(await screen.findByText('Tarjeta eliminada')).toBeInTheDocument();
    expect(api.callsTo('POST', '/stripe/delete-payment-method')[0]!.body).toEqual({ paymentMethodID: 'pm_mc_1' });
    await waitFor(() => expect(within(list).queryByText('Mastercard terminada en 4444')).toBeNull());
  });

  it('says when the cards cannot be loaded and tries again', async () => {
    const api = mockApi().on('GET', '/stripe/all-methods-payment', { status: 500 });
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar tus tarjetas. Inténtalo de nuevo.');
    api.on('GET', '/stripe/all-methods-payment', { body: methods([visa]) });
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Visa terminada en 4242')).toBeInTheDocument();
  });

  it('says so with Reintentar when the cards cannot be loaded again after a change, and keeps the list', async () => {
    const api = mockApi()
      .on('GET', '/stripe/all-methods-payment', { body: methods([visa, master]) })
      .on('POST', '/stripe/set-default-payment-method', { status: 201, body: { success: true, paymentMethodId: 'pm_mc_1' } });
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Tarjetas guardadas' });

    api.on('GET', '/stripe/all-methods-payment', { status: 502, body: { statusCode: 502, message: 'La pasarela de pago no responde' } });
    await userEvent.click(within(list).getByRole('button', { name: 'Usar como predeterminada: Mastercard terminada en 4444' }));

    expect(await screen.findByText('No pudimos cargar tus tarjetas. Inténtalo de nuevo.')).toBeInTheDocument();
    expect(within(list).getByText('Mastercard terminada en 4444')).toBeInTheDocument();
    api.on('GET', '/stripe/all-methods-payment', { body: methods([{ ...visa, isDefault: false }, { ...master, isDefault: true }]) });
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.queryByText('No pudimos cargar tus tarjetas. Inténtalo de nuevo.')).toBeNull());
    expect(within(list).getByRole('button', { name: 'Usar como predeterminada: Visa terminada en 4242' })).toBeInTheDocument();
  });
});
