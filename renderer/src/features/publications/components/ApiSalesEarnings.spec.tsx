import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { ApiSalesEarnings } from './ApiSalesEarnings';

const publication = (id: string, name: string) => ({
  id,
  apiId: id,
  agentId: `agent-${id}`,
  name,
  description: '',
  enabled: true,
  pinnedVersion: 'current',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  endpoints: {},
  apiKeys: [],
});
const buyer = (buyerSub: string, username: string, requests: number, revenue: number, creatorShare: number) => ({
  buyerSub,
  username,
  keys: 1,
  requests,
  errors: 0,
  inputTokens: 2000,
  outputTokens: 500,
  revenue,
  creatorShare,
});
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.replace(/\s/g, ' '));

describe("'Mis ingresos' › 'Ventas de tu API este mes' (issue 36)", () => {
  it("shows each buyer's use of each published agent this month, the creator's share and the totals, and no key", async () => {
    const api = mockApi()
      .on('GET', '/publications', { body: [publication('pub-1', 'Asesor fiscal'), publication('pub-2', 'Traductor')] })
      .on('GET', '/publication/pub-1/buyers', { body: { month: '2026-11', currency: 'eur', buyers: [buyer('sub-carla', 'carla', 2, 100, 90), buyer('sub-dani', 'dani', 10, 250, 225)] } })
      .on('GET', '/publication/pub-2/buyers', { body: { month: '2026-11', currency: 'eur', buyers: [buyer('sub-carla', 'carla', 1, 50.4, 45.36)] } });
    renderWithProviders(<ApiSalesEarnings />);

    const table = await screen.findByRole('table', { name: 'Ventas de tu API este mes, por agente y comprador' });
    expect(within(table).getAllByRole('row').map(cellsOf)).toEqual([
      ['Agente', 'Comprador', 'Llamadas', 'Tokens (entrada / salida)', 'Ingresos', 'Tu parte'],
      ['Asesor fiscal', 'carla', '2', '2000 / 500', '1,00 €', '0,90 €'],
      ['Asesor fiscal', 'dani', '10', '2000 / 500', '2,50 €', '2,25 €'],
      ['Traductor', 'carla', '1', '2000 / 500', '0,50 €', '0,45 €'],
      ['Total', '4,00 €', '3,60 €'],
    ]);
    expect(table.textContent).not.toMatch(/nova_sk_|sub-/);
    expect(api.callsTo('GET', '/publication/pub-1/buyers')[0].url.searchParams.get('month')).toMatch(/^\d{4}-\d{2}$/);
  });

  it('says when nobody used the APIs this month (a buyer holding an unused key is listed by the server), and shows nothing to a creator without a published API', async () => {
    mockApi()
      .on('GET', '/publications', { body: [publication('pub-1', 'Asesor fiscal')] })
      .on('GET', '/publication/pub-1/buyers', { body: { month: '2026-11', currency: 'eur', buyers: [buyer('sub-eva', 'eva', 0, 0, 0)] } });
    const { unmount } = renderWithProviders(<ApiSalesEarnings />);
    expect(await screen.findByText('Nadie ha usado todavía tus APIs este mes con una clave propia.')).toBeInTheDocument();
    unmount();

    mockApi().on('GET', '/publications', { body: [] });
    renderWithProviders(<ApiSalesEarnings />);
    expect(screen.getByText('Cargando las ventas de tu API…')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Ventas de tu API este mes')).not.toBeInTheDocument());
  });

  it('says when the sales cannot be loaded, and tries again', async () => {
    const api = mockApi()
      .on('GET', '/publications', { body: [publication('pub-1', 'Asesor fiscal')] })
      .on('GET', '/publication/pub-1/buyers', { status: 503, body: { statusCode: 503, message: 'Servicio no disponible' } });
    renderWithProviders(<ApiSalesEarnings />);
    expect(await screen.findByText('No se pudieron cargar las ventas de tu API.', {}, { timeout: 8000 })).toBeInTheDocument();
    api.on('GET', '/publication/pub-1/buyers', { body: { month: '2026-11', currency: 'eur', buyers: [buyer('sub-carla', 'carla', 2, 100, 90)] } });
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('table', { name: 'Ventas de tu API este mes, por agente y comprador' })).toHaveTextContent('carla');
  });
});
