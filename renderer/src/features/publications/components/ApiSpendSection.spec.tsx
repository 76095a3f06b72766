import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { capitalisedMonthName, currentMonth, monthDays, monthName, recentMonths } from '../utils/months';
import { MyApiKeysPanel } from './MyApiKeysPanel';

const month = currentMonth();
const [, lastMonth] = recentMonths(2);
const { from } = monthDays(month);
const key = (keyId: string, name: string, spentThisMonth: number, monthlySpendCap: number | null) => ({
  keyId,
  agentId: 'agent-1',
  agentName: 'Asesor fiscal',
  name,
  prefix: 'nova_sk_abc123',
  monthlySpendCap,
  spentThisMonth,
  currency: 'eur',
  createdAt: `${from}T10:00:00.000Z`,
  lastUsedAt: null,
});
const day = (keyId: string, spend: number, requests: number) => ({ date: from, keyId, agentId: 'agent-1', requests, errors: 0, inputTokens: 1200, outputTokens: 300, spend });

describe("'Mis claves de API' › 'Gasto por día' (issue 36)", () => {
  it("shows each key's spend per day of this month as a chart with its table, and its spend against the cap", async () => {
    const api = mockApi()
      .on('GET', '/me/api-invoices', { body: { items: [] } })
      .on('GET', '/me/api-keys', { body: [key('key-1', 'Producción', 75, 100), key('key-2', 'Pruebas', 10, null)] })
      .on('GET', '/me/api-usage', { body: { currency: 'eur', days: [day('key-1', 75, 2), day('key-2', 10, 1), day('key-old', 5, 1)] } });
    renderWithProviders(<MyApiKeysPanel />);

    expect(await screen.findByTestId('api-spend-total')).toHaveTextContent(new RegExp(`^Total de ${monthName(month)}: 0,90\\s€$`));
    expect(api.callsTo('GET', '/me/api-usage')[0].url.searchParams.get('from')).toBe(from);
    expect(api.callsTo('GET', '/me/api-usage')[0].url.searchParams.get('to')).toBe(monthDays(month).to);
    expect(screen.getByRole('figure', { name: `Gráfico de barras: gasto de cada clave por día en ${monthName(month)}. Las cifras están en la tabla que lo acompaña.` })).toBeInTheDocument();

    const table = screen.getByRole('table', { name: `Gasto por día y por clave en ${monthName(month)}` });
    const cells = (name: RegExp) => within(within(table).getByRole('row', { name })).getAllByRole('cell').map((cell) => cell.textContent?.replace(/\s/g, ' '));
    expect(cells(/Producción/)).toEqual([expect.any(String), 'Producción', 'Asesor fiscal', '2', '1200', '300', '0,75 €']);
    // A deleted key keeps its spend, under a name that says so.
    expect(cells(/Clave borrada/)).toEqual([expect.any(String), 'Clave borrada (key-old)', '—', '1', '1200', '300', '0,05 €']);

    expect(screen.getByRole('progressbar', { name: '75 % del límite gastado' })).toHaveAttribute('aria-valuenow', '75');
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
  });

  it("asks for the chosen month and says when it had no use, this month or another", async () => {
    const api = mockApi()
      .on('GET', '/me/api-invoices', { body: { items: [] } })
      .on('GET', '/me/api-keys', { body: [key('key-1', 'Producción', 0, 100)] })
      .on('GET', '/me/api-usage', { body: { currency: 'eur', days: [] } });
    renderWithProviders(<MyApiKeysPanel />);
    expect(await screen.findByText('Todavía no hay uso este mes.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '0 % del límite gastado' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('textbox', { name: 'Mes' }));
    await userEvent.click(screen.getByRole('option', { name: capitalisedMonthName(lastMonth) }));
    expect(await screen.findByText(`No hubo uso en ${monthName(lastMonth)}.`)).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/me/api-usage').map((call) => call.url.searchParams.get('from'))).toContain(`${lastMonth}-01`));
  });

  it('says so when the spend cannot be loaded, and tries again', async () => {
    const api = mockApi()
      .on('GET', '/me/api-invoices', { body: { items: [] } })
      .on('GET', '/me/api-keys', { body: [key('key-1', 'Producción', 100, 100)] })
      .on('GET', '/me/api-usage', { status: 503, body: { statusCode: 503, message: 'Servicio no disponible' } });
    renderWithProviders(<MyApiKeysPanel />);
    expect(await screen.findByText('No se pudo cargar el gasto de tus claves.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '100 % del límite gastado' })).toBeInTheDocument();
    api.on('GET', '/me/api-usage', { body: { currency: 'eur', days: [day('key-1', 100, 2)] } });
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('api-spend-total')).toHaveTextContent(/1,00\s€/);
  });
});
