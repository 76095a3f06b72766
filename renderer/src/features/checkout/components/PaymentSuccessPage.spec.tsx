import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { PaymentSuccessPage } from './PaymentSuccessPage';

describe('PaymentSuccessPage', () => {
  it('thanks, shows the session reference and links to Mi Oficina and the marketplace, without calling the server', () => {
    const api = mockApi();
    renderWithProviders(<PaymentSuccessPage />, { route: '/success?session_id=cs_test_a1B2c3' });
    expect(screen.getByRole('heading', { level: 1, name: '¡Gracias por tu compra!' })).toBeInTheDocument();
    expect(screen.getByText('cs_test_a1B2c3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Mi Oficina' })).toHaveAttribute('href', '/my-office');
    expect(screen.getByRole('link', { name: 'Volver al marketplace' })).toHaveAttribute('href', '/marketplace');
    expect(api.calls).toHaveLength(0);
  });

  it.each(['/success', '/success?session_id=%3Cb%3Ex%3C%2Fb%3E'])(
    'without a purchase (%s) thanks no one, echoes nothing and links to the marketplace',
    (route) => {
      renderWithProviders(<PaymentSuccessPage />, { route });
      expect(screen.getByRole('heading', { level: 1, name: 'No hay ningún pago que confirmar' })).toBeInTheDocument();
      expect(screen.queryByText(/por tu compra/)).not.toBeInTheDocument();
      expect(screen.queryByText('Referencia del pago', { exact: false })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Volver al marketplace' })).toHaveAttribute('href', '/marketplace');
    },
  );
});

describe('PaymentSuccessPage after subscribing in the app', () => {
  type Item = { name: string; subscriptionId: string; chatHref?: string };
  function WithState({ items = [{ name: 'Asesor Legal', subscriptionId: 'sub_1' }] }: { items?: Item[] }) {
    const navigate = useNavigate();
    return (
      <button type="button" onClick={() => navigate('/success', { state: { purchase: { items } } })}>
        comprar
      </button>
    );
  }

  it('thanks and names what was bought when the navigation carries the purchase', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/" element={<WithState />} />
        <Route path="/success" element={<PaymentSuccessPage />} />
      </Routes>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'comprar' }));
    expect(await screen.findByRole('heading', { level: 1, name: '¡Gracias por tu compra!' })).toBeInTheDocument();
    expect(screen.getByTestId('purchased-items')).toHaveTextContent('Suscripciones activadas: Asesor Legal.');
    expect(screen.getByText('sub_1')).toBeInTheDocument();
  });

  function buy(items: Item[]) {
    renderWithProviders(
      <Routes>
        <Route path="/" element={<WithState items={items} />} />
        <Route path="/success" element={<PaymentSuccessPage />} />
      </Routes>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'comprar' }));
  }

  it("offers 'Chatear' with what was just bought", async () => {
    buy([{ name: 'Asesor Legal', subscriptionId: 'sub_1', chatHref: '/chat?agent=a1' }]);
    expect(await screen.findByRole('link', { name: 'Chatear' })).toHaveAttribute('href', '/chat?agent=a1');
    expect(screen.getByRole('link', { name: 'Ir a Mi Oficina' })).toHaveAttribute('href', '/my-office');
    expect(screen.getByText(/ya está en Mi Oficina/)).toBeInTheDocument();
  });

  it("names each purchase's chat after a cart of several, and follows no link outside the app", async () => {
    buy([
      { name: 'Asesor Legal', subscriptionId: 'sub_1', chatHref: '/chat?agent=a1' },
      { name: 'Pack Pymes', subscriptionId: 'sub_2', chatHref: '/my-office/ecosystem/e1' },
      { name: 'Otro', subscriptionId: 'sub_3', chatHref: 'https://example.com' },
    ]);
    expect(await screen.findByRole('link', { name: 'Chatear con Asesor Legal' })).toHaveAttribute('href', '/chat?agent=a1');
    expect(screen.getByRole('link', { name: 'Chatear con Pack Pymes' })).toHaveAttribute('href', '/my-office/ecosystem/e1');
    expect(screen.queryByRole('link', { name: 'Chatear con Otro' })).not.toBeInTheDocument();
  });
});
