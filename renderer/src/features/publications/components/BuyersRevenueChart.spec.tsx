import { screen, within } from '@testing-library/react';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { monthName, recentMonths } from '../utils/months';
import { BuyersSection } from './BuyersSection';

const PUBLICATION = '3f2b1c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d';
const [thisMonth, lastMonth, earlier, , , firstMonth] = recentMonths(6);
const buyer = (buyerSub: string, username: string, requests: number, revenue: number) => ({
  buyerSub,
  username,
  keys: 1,
  requests,
  errors: 0,
  inputTokens: 1000,
  outputTokens: 500,
  revenue,
  creatorShare: revenue * 0.8,
});
const sales: Record<string, ReturnType<typeof buyer>[]> = {
  [thisMonth]: [buyer('sub-carla', 'carla', 2, 100)],
  [lastMonth]: [buyer('sub-carla', 'carla', 10, 500), buyer('sub-dani', 'dani', 4, 200), buyer('sub-eva', 'eva', 0, 0)],
  // A buyer holding a key is listed in a month without calls too.
  [earlier]: [buyer('sub-carla', 'carla', 0, 0)],
};

describe("the creator's revenue per buyer and month (issue 36)", () => {
  it('charts the last six months per buyer, with the same figures in a table', async () => {
    const api = mockApi().on('GET', `/publication/${PUBLICATION}/buyers`, (call) => {
      const month = call.url.searchParams.get('month') ?? thisMonth;
      return { body: { month, currency: 'eur', buyers: sales[month] ?? [] } };
    });
    renderWithProviders(<BuyersSection publicationId={PUBLICATION} />);

    const table = await screen.findByRole('table', { name: 'Ingresos por comprador y mes' });
    expect(screen.getByRole('figure', { name: `Gráfico de barras: ingresos de cada comprador por mes, de ${monthName(firstMonth)} a ${monthName(thisMonth)}. Las cifras están en la tabla que lo acompaña.` })).toBeInTheDocument();
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent?.replace(/\s/g, ' ')));
    expect(rows).toEqual([
      [monthName(lastMonth), 'carla', '10', '5,00 €', '4,00 €'],
      [monthName(lastMonth), 'dani', '4', '2,00 €', '1,60 €'],
      [monthName(thisMonth), 'carla', '2', '1,00 €', '0,80 €'],
    ]);
    expect(new Set(api.callsTo('GET', `/publication/${PUBLICATION}/buyers`).map((call) => call.url.searchParams.get('month')))).toEqual(new Set(recentMonths(6)));
    // This month's table and the chart share one request.
    expect(api.callsTo('GET', `/publication/${PUBLICATION}/buyers`)).toHaveLength(6);
  });

  it('says when nobody bought in those months, and when they cannot be loaded', async () => {
    mockApi().on('GET', `/publication/${PUBLICATION}/buyers`, (call) => ({ body: { month: call.url.searchParams.get('month'), currency: 'eur', buyers: [buyer('sub-eva', 'eva', 0, 0)] } }));
    const { unmount } = renderWithProviders(<BuyersSection publicationId={PUBLICATION} />);
    expect(await screen.findByText('Todavía no hay ingresos de otros desarrolladores en los últimos meses.')).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    unmount();

    mockApi().on('GET', `/publication/${PUBLICATION}/buyers`, (call) =>
      call.url.searchParams.get('month') === lastMonth
        ? { status: 503, body: { statusCode: 503, message: 'Servicio no disponible' } }
        : { body: { month: call.url.searchParams.get('month'), currency: 'eur', buyers: [] } },
    );
    renderWithProviders(<BuyersSection publicationId={PUBLICATION} />);
    expect(await screen.findByText('No se pudieron cargar los ingresos de los meses anteriores.', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
