import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../../test/api-mock';
import { agentFixture } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { ToastViewport } from '../../../shared/ui';
import { CART_STORAGE_KEY } from '../state/cartAtoms';
import { AddToCartButton, CartLink } from './CartButtons';
import { ShoppingCartPage } from './ShoppingCartPage';
import { Route, Routes, useLocation } from 'react-router-dom';

/** The sign-in screen's stand-in: it shows where it was asked to go back to. */
function SignInStandIn() {
  const { state } = useLocation();
  return <p>Volver a: {JSON.stringify((state as { from?: unknown } | null)?.from ?? null)}</p>;
}

const legal = agentFixture({ price: 19.99 });
const finance = agentFixture({ id: 'agente-finanzas', name: 'Analista Financiero', price: 30.01 });

describe('the cart', () => {
  it('adds an agent once; a second click is refused with a notice', async () => {
    renderWithProviders(
      <>
        <AddToCartButton agent={legal} />
        <CartLink />
        <ToastViewport />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Añadir al carrito: Asesor Legal' }));
    expect(await screen.findByText('Agente añadido al carrito')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'En el carrito: Asesor Legal' }));
    expect(await screen.findByText('Este agente ya está en el carrito')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toEqual(['agente-legal']);
    expect(screen.getByRole('link', { name: 'Carrito: 1 agente' })).toHaveAttribute('href', '/marketplace/shopping-cart');
  });

  it('offers no cart for a free agent', () => {
    renderWithProviders(<AddToCartButton agent={agentFixture({ price: 0 })} />);
    expect(screen.queryByRole('button', { name: /carrito/ })).not.toBeInTheDocument();
  });

  it('lists the agents with their prices and the total, and removes one', async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(['agente-legal', 'agente-finanzas']));
    mockApi()
      .on('GET', '/agents/agente-legal', { body: legal })
      .on('GET', '/agents/agente-finanzas', { body: finance });
    renderWithProviders(<ShoppingCartPage />);

    const list = await screen.findByRole('list', { name: 'Carrito de compra' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('50 €');
    expect(screen.getByText('2 agentes')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Quitar: Asesor Legal' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('30,01 €');
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toEqual(['agente-finanzas']);

    await userEvent.click(screen.getByRole('button', { name: 'Vaciar carrito' }));
    expect(screen.getByText('Tu carrito está vacío.')).toBeInTheDocument();
  });

  it("offers a visitor 'Inicia sesión para pagar', which signs in and comes back to the cart, kept", async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(['agente-legal']));
    mockApi().on('GET', '/agents/agente-legal', { body: legal });
    renderWithProviders(
      <Routes>
        <Route path="/marketplace/shopping-cart" element={<ShoppingCartPage />} />
        <Route path="/login" element={<SignInStandIn />} />
      </Routes>,
      { route: '/marketplace/shopping-cart' },
    );

    await screen.findByRole('list', { name: 'Carrito de compra' });
    expect(screen.queryByText(/disponible muy pronto/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Inicia sesión para pagar' }));
    expect(await screen.findByText('Volver a: {"pathname":"/marketplace/shopping-cart","search":""}')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toEqual(['agente-legal']);
  });

  it('shows a signed-in user the checkout instead, once the agents are loaded', async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(['agente-legal']));
    mockApi().on('GET', '/agents/agente-legal', { body: legal });
    renderWithProviders(<ShoppingCartPage checkout={(agents) => <button type="button">Pagar {agents.length}</button>} />);
    expect(await screen.findByRole('button', { name: 'Pagar 1' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Inicia sesión para pagar' })).not.toBeInTheDocument();
  });

  it("drops an agent that no longer exists, saying 'Agente no encontrado'", async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(['agente-legal', 'borrado']));
    mockApi().on('GET', '/agents/agente-legal', { body: legal });
    renderWithProviders(
      <>
        <ShoppingCartPage />
        <ToastViewport />
      </>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Agente no encontrado');
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toEqual(['agente-legal']);
    expect(await screen.findByTestId('cart-total')).toHaveTextContent('19,99 €');
  });

  it("says 'Error al cargar los datos del marketplace' when the agents cannot be loaded", async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(['agente-legal']));
    mockApi().on('GET', '/agents/agente-legal', { status: 500 });
    renderWithProviders(<ShoppingCartPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar los datos del marketplace');
  });

  it('shows an empty cart', () => {
    renderWithProviders(<ShoppingCartPage />);
    expect(screen.getByText('Tu carrito está vacío.')).toBeInTheDocument();
  });
});
