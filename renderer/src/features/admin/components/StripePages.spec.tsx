import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { StripeBalancePage, StripeCustomersPage, StripeIndexPage, StripeProductsPage, StripeSubscriptionsPage, StripeTransactionsPage } from './StripePages';

jest.setTimeout(20_000);

const admin = (path: string) => `-admin${path}`;
/** Intl writes a no-break space before the euro sign. */
const cellText = (cell: HTMLElement) => (cell.textContent ?? '').replace(/\u00a0/g, ' ');

const transactions = Array.from({ length: 23 }, (_, index) => ({
  id: `txn_${index + 1}`,
  type: 'charge',
  subscriptionId: `sub_${index + 1}`,
  period: '2026-11',
  agentId: 'a1',
  agentName: 'Asesor Legal',
  amount: 1999,
  fee: 100,
  net: 1899,
  currency: 'eur',
  demo: true,
  paidOut: index === 0,
  created: '2026-11-20T10:00:00.000Z',
}));

describe('payments views', () => {
  it('links the five payments pages from the index', () => {
    renderWithProviders(<StripeIndexPage />);
    for (const name of ['Resumen de saldo', 'Transacciones', 'Productos', 'Clientes', 'Suscripciones']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Transacciones' })).toHaveAttribute('href', '/admin/stripe/transactions');
    // The runtime configuration defaults to the demo gateway.
    expect(screen.getByText('Modo demostración: no se realiza ningún cargo')).toBeInTheDocument();
  });

  it('pages through the transactions ten at a time, amounts in euros, labelled as demo', async () => {
    const api = mockApi().on('GET', admin('/stripe/balance_transactions/100'), {
      body: { provider: 'demo', demo: true, items: transactions },
    });
    renderWithProviders(<StripeTransactionsPage />);
    const table = await screen.findByRole('table', { name: 'Transacciones' });
    expect(api.callsTo('GET', admin('/stripe/balance_transactions/100'))).toHaveLength(1);
    expect(screen.getByText('Modo demostración: no se realiza ningún cargo')).toBeInTheDocument();
    let rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(within(rows[0]).getAllByRole('cell').map(cellText)).toEqual([
      '20/11/2026, 10:00', 'txn_1', 'Cobro', 'Asesor Legal', 'noviembre de 2026', '19,99 €', '1,00 €', '18,99 €', 'Sí',
    ]);
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    rows = within(screen.getByRole('table', { name: 'Transacciones' })).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getAllByRole('cell')[1]).toHaveTextContent('txn_21');
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  });

  it('shows customers from Stripe without the demo label, and the empty state', async () => {
    mockApi().on('GET', admin('/stripe/customers/100'), {
      body: {
        provider: 'stripe',
        demo: false,
        items: [
          { customerId: 'cus_1', userId: 'sub-ana', username: 'ana', name: 'Ana Pérez', email: 'ana@example.com', createdAt: '2026-11-01T09:00:00.000Z' },
        ],
      },
    });
    renderWithProviders(<StripeCustomersPage />);
    const table = await screen.findByRole('table', { name: 'Clientes' });
    expect(within(table).getByText('ana@example.com')).toBeInTheDocument();
    // The user by their username, not their id.
    expect(within(table).getByText('ana')).toBeInTheDocument();
    expect(within(table).queryByText('sub-ana')).toBeNull();
    expect(screen.queryByText('Modo demostración: no se realiza ningún cargo')).toBeNull();
  });

  it('lists the subscriptions with their user, and says when there are none', async () => {
    const api = mockApi().on('GET', admin('/stripe/subscription-users'), {
      body: {
        provider: 'demo',
        items: [
          {
            subscriptionId: 'sub_1',
            status: 'active',
            userId: 'sub-ana',
            username: 'ana',
            name: 'Ana',
            email: 'ana@example.com',
            agentId: 'a1',
            agentName: 'Asesor Legal',
            ecosystemId: null,
            ecosystemName: null,
            isBundle: false,
            priceId: 'price_1',
            price: 19.99,
            createdAt: '2026-11-01T09:00:00.000Z',
            finishedAt: null,
          },
          {
            subscriptionId: 'sub_2',
            status: 'cancelled',
            userId: 'sub-ana',
            username: 'ana',
            name: 'Ana',
            email: 'ana@example.com',
            agentId: null,
            agentName: null,
            ecosystemId: 'e1',
            ecosystemName: 'Despacho Completo',
            isBundle: true,
            priceId: 'price_2',
            price: 22,
            createdAt: '2026-10-01T09:00:00.000Z',
            finishedAt: '2026-11-01T09:00:00.000Z',
          },
          {
            subscriptionId: 'sub_3',
            status: 'past_due',
            userId: 'sub-luis',
            username: 'luis',
            name: null,
            email: null,
            agentId: 'a-borrado',
            agentName: null,
            ecosystemId: null,
            ecosystemName: null,
            isBundle: false,
            priceId: 'price_3',
            price: 5,
            createdAt: '2026-09-01T09:00:00.000Z',
            finishedAt: null,
          },
        ],
      },
    });
    const { unmount } = renderWithProviders(<StripeSubscriptionsPage />);
    const table = await screen.findByRole('table', { name: 'Suscripciones' });
    const rows = within(table).getAllByRole('row').slice(1);
    // Issue 31, item 9: names and Spanish states, not ids and 'active'.
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(0, 6).map(cellText))).toEqual([
      ['sub_1', 'ana', 'ana@example.com', 'Asesor Legal', 'Activa', '19,99 €'],
      ['sub_2', 'ana', 'ana@example.com', 'Ecosistema Despacho Completo', 'Cancelada', '22,00 €'],
      ['sub_3', 'luis', '—', 'Agente eliminado', 'Pago pendiente', '5,00 €'],
    ]);
    expect(within(table).getByRole('columnheader', { name: 'Suscrito a' })).toBeInTheDocument();
    unmount();
    api.on('GET', admin('/stripe/subscription-users'), { body: { provider: 'demo', items: [] } });
    renderWithProviders(<StripeSubscriptionsPage />);
    expect(await screen.findByText('No hay datos.')).toBeInTheDocument();
  });

  it('shows the balance and a summary of the chosen period', async () => {
    const api = mockApi()
      .on('GET', admin('/stripe/balance'), {
        body: { provider: 'demo', demo: true, currency: 'eur', available: [{ amount: 125050, currency: 'eur' }], pending: [] },
      })
      .on('POST', admin('/stripe/resume'), {
        body: {
          provider: 'demo',
          demo: true,
          startDate: '2026-11-01',
          endDate: '2026-11-30',
          currency: 'eur',
          revenue: 59970,
          fees: 5997,
          net: 53973,
          payments: 30,
          newSubscriptions: 12,
          cancelledSubscriptions: 1,
          activeSubscriptions: 40,
        },
      });
    renderWithProviders(<StripeBalancePage />);
    expect(await screen.findByText('1250,50 €')).toBeInTheDocument();
    expect(screen.getByText('Sin saldo')).toBeInTheDocument();

    const start = screen.getByLabelText(/Desde/);
    const end = screen.getByLabelText(/Hasta/);
    await userEvent.clear(start);
    await userEvent.type(start, '2026-11-01');
    await userEvent.clear(end);
    await userEvent.type(end, '2026-11-30');
    await userEvent.click(screen.getByRole('button', { name: 'Calcular resumen' }));

    const summary = await screen.findByRole('table', { name: 'Resumen del periodo' });
    const figures = Object.fromEntries(
      within(summary)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [within(row).getByRole('rowheader').textContent, cellText(within(row).getByRole('cell'))]),
    );
    expect(figures).toEqual({
      // Spanish days, not the server's ISO ones (issue 31).
      Desde: '01/11/2026',
      Hasta: '30/11/2026',
      Ingresos: '599,70 €',
      'Comisiones de la plataforma': '59,97 €',
      'Neto para creadores': '539,73 €',
      Pagos: '30',
      'Suscripciones nuevas': '12',
      'Suscripciones canceladas': '1',
      'Suscripciones activas': '40',
    });
    expect(api.callsTo('POST', admin('/stripe/resume'))[0].body).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30' });

    await userEvent.clear(start);
    await userEvent.type(start, '2026-12-05');
    await userEvent.click(screen.getByRole('button', { name: 'Calcular resumen' }));
    expect(await screen.findByText('La fecha de inicio debe ser anterior o igual a la de fin.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', admin('/stripe/resume'))).toHaveLength(1));
  });

  it('names the products by kind in Spanish', async () => {
    mockApi().on('GET', admin('/stripe/products/100'), {
      body: {
        provider: 'demo',
        demo: true,
        items: [
          { productId: 'prod_1', priceId: 'price_1', kind: 'agent', itemId: 'a1', name: 'Asesor Legal', unitAmount: 1999, currency: 'eur', createdAt: '2026-11-01T09:00:00.000Z' },
          { productId: 'prod_2', priceId: 'price_2', kind: 'ecosystem', itemId: 'e1', name: 'Despacho', unitAmount: 2200, currency: 'eur', createdAt: '2026-11-01T09:00:00.000Z' },
        ],
      },
    });
    renderWithProviders(<StripeProductsPage />);
    const table = await screen.findByRole('table', { name: 'Productos' });
    const kinds = within(table).getAllByRole('row').slice(1).map((row) => cellText(within(row).getAllByRole('cell')[3]));
    expect(kinds).toEqual(['Agente', 'Ecosistema']);
  });

  it("names a bundle's payment by its agent and the ecosystem it was bought in", async () => {
    mockApi().on('GET', admin('/stripe/balance_transactions/100'), {
      body: { provider: 'demo', demo: true, items: [{ ...transactions[0], ecosystemId: 'e1', ecosystemName: 'Despacho Completo' }] },
    });
    renderWithProviders(<StripeTransactionsPage />);
    const table = await screen.findByRole('table', { name: 'Transacciones' });
    expect(within(table).getByText('Asesor Legal · Ecosistema Despacho Completo')).toBeInTheDocument();
  });
});
