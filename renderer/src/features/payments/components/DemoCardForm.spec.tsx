import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../../test/render';
import { DemoCardForm } from './DemoCardForm';

// Typing card numbers takes a while on a busy machine.
jest.setTimeout(30_000);

const field = (name: RegExp) => screen.getByRole('textbox', { name });

async function fillCard(number: string, expiry: string, cvc: string) {
  if (number) await userEvent.type(field(/Número de tarjeta/), number);
  if (expiry) await userEvent.type(field(/Caducidad/), expiry);
  if (cvc) await userEvent.type(field(/CVC/), cvc);
  await userEvent.click(screen.getByRole('button', { name: 'Guardar tarjeta' }));
}

describe('DemoCardForm', () => {
  it('hands on the test payment method of the number, and empties the form once saved', async () => {
    const onPaymentMethod = jest.fn(async () => undefined);
    renderWithProviders(<DemoCardForm onPaymentMethod={onPaymentMethod} />);

    await fillCard('5555555555554444', '12/34', '123');

    expect(onPaymentMethod).toHaveBeenCalledWith('pm_card_mastercard', { expMonth: 12, expYear: 2034 });
    await waitFor(() => expect(field(/Número de tarjeta/)).toHaveValue(''));
    expect(field(/Caducidad/)).toHaveValue('');
    expect(field(/CVC/)).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hands on the expiry as typed, month and four-digit year (12/30 is 12/2030)', async () => {
    const onPaymentMethod = jest.fn(async () => undefined);
    renderWithProviders(<DemoCardForm onPaymentMethod={onPaymentMethod} />);
    await fillCard('4242424242424242', '12/30', '123');
    expect(onPaymentMethod).toHaveBeenCalledWith('pm_card_visa', { expMonth: 12, expYear: 2030 });
  });

  it('groups the number in fours and keeps only the digits of the CVC as they are typed', async () => {
    renderWithProviders(<DemoCardForm onPaymentMethod={jest.fn()} />);
    await userEvent.type(field(/Número de tarjeta/), '4242424242424242');
    await userEvent.type(field(/CVC/), '1a2b3');
    expect(field(/Número de tarjeta/)).toHaveValue('4242 4242 4242 4242');
    expect(field(/CVC/)).toHaveValue('123');
  });

  it.each([
    ['an expiry in the past', '4242 4242 4242 4242', '01/20', '123', 'Escribe la caducidad como MM/AA, con una fecha futura.'],
    ['no expiry', '4242 4242 4242 4242', '', '123', 'Escribe la caducidad como MM/AA, con una fecha futura.'],
    ['a CVC of two digits', '4242 4242 4242 4242', '12/34', '12', 'El CVC tiene 3 o 4 cifras.'],
    ['a number that is not a test card (said first)', '4111 1111 1111 1111', '13/99', '1', 'En modo demostración usa una tarjeta de prueba, por ejemplo 4242 4242 4242 4242.'],
  ])('refuses %s with one message and sends nothing', async (_, number, expiry, cvc, message) => {
    const onPaymentMethod = jest.fn();
    renderWithProviders(<DemoCardForm onPaymentMethod={onPaymentMethod} />);

    await fillCard(number, expiry, cvc);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(onPaymentMethod).not.toHaveBeenCalled();
  });

  it("keeps the server's message and what was typed when the card is refused", async () => {
    const declined = 'La tarjeta ha sido rechazada. Prueba con otra tarjeta.';
    renderWithProviders(<DemoCardForm onPaymentMethod={jest.fn(async () => Promise.reject(new Error(declined)))} />);

    await fillCard('4000 0000 0000 0002', '12/34', '123');

    expect(await screen.findByRole('alert')).toHaveTextContent(declined);
    expect(field(/Número de tarjeta/)).toHaveValue('4000 0000 0000 0002');
  });
});
