import { screen, within } from '@testing-library/react';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { MyApiKeysPanel } from './MyApiKeysPanel';

const line = (keyId: string, keyName: string, calls: number, amount: number) => ({
  keyId,
  keyName,
  agentId: 'agent-1',
  agentName: 'Asesor fiscal',
  calls,
  inputTokens: 1000,
  outputTokens: 400,
  amount,
});
const invoice = (id: string, month: string, status: string, total: number, hostedInvoiceUrl: string | null, lines = [line('key-1', 'Producción', 2, total)]) => ({
  id,
  month,
  status,
  total,
  currency: 'eur',
  hostedInvoiceUrl,
  lines,
});
const panelServer = (items: unknown[]) =>
  mockApi()
    .on('GET', '/me/api-keys', { body: [] })
    .on('GET', '/me/api-usage', { body: { currency: 'eur', days: [] } })
    .on('GET', '/me/api-invoices', { body: { items } });
const cellsOf = (row: HTMLElement) => [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')].map((cell) => cell.textContent?.replace(/\s/g, ' '));

describe("'Mis claves de API' › 'Facturas' (issue 36)", () => {
  it('lists each month’s invoice with its state, lines per key and amount, and links to the invoice when there is one', async () => {
    panelServer([
      invoice('draft-2026-11', '2026-11', 'draft', 50, null),
      invoice('in_2', '2026-10', 'paid', 1250, 'https://invoice.stripe.com/i/in_2', [line('key-1', 'Producción', 20, 1000), line('key-2', 'Pruebas', 1, 250)]),
      invoice('in_1', '2026-09', 'open', 300, 'https://invoice.stripe.com/i/in_1'),
    ]);
    renderWithProviders(<MyApiKeysPanel />);

    const table = await screen.findByRole('table', { name: 'Facturas de tus claves de API' });
    const [, draft, paid, open] = within(table).getAllByRole('row');
    expect(cellsOf(draft)).toEqual(['noviembre de 2026', 'Mes en curso', 'Producción (Asesor fiscal): 2 llamadas, 0,50 €', '0,50 €', '—']);
    expect(cellsOf(paid)).toEqual([
      'octubre de 2026',
      'Pagada',
      'Producción (Asesor fiscal): 20 llamadas, 10,00 €Pruebas (Asesor fiscal): 1 llamada, 2,50 €',
      '12,50 €',
      'Ver factura',
    ]);
    expect(within(paid).getByRole('link', { name: 'Ver factura de octubre de 2026 (se abre en otra pestaña)' })).toHaveAttribute('href', 'https://invoice.stripe.com/i/in_2');
    expect(cellsOf(open)[1]).toBe('Pendiente de pago');
    expect(screen.queryByText('Tus claves de API están suspendidas')).not.toBeInTheDocument();
  });

  it('says plainly that the keys are suspended while an invoice failed, with the way to pay it', async () => {
    panelServer([invoice('in_3', '2026-10', 'payment_failed', 1250, 'https://invoice.stripe.com/i/in_3')]);
    const { unmount } = renderWithProviders(<MyApiKeysPanel />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Tus claves de API están suspendidas');
    expect(alert).toHaveTextContent(/No se pudo cobrar la factura de octubre de 2026 \(12,50\s€\)\. Tus claves rechazan las llamadas hasta que se pague\./);
    expect(within(alert).getByRole('link', { name: 'Pagar la factura' })).toHaveAttribute('href', 'https://invoice.stripe.com/i/in_3');
    expect(within(await screen.findByRole('table', { name: 'Facturas de tus claves de API' })).getByText('Pago fallido')).toBeInTheDocument();
    unmount();

    // A demo invoice has no page: the way is a card that works.
    panelServer([invoice('demo-1', '2026-10', 'payment_failed', 1250, null)]);
    renderWithProviders(<MyApiKeysPanel />);
    expect(within(await screen.findByRole('alert')).getByRole('link', { name: 'Revisar mis métodos de pago' })).toHaveAttribute('href', '/mi-perfil?tab=PAYMENTS');
  });

  it('says when there is no invoice yet, and when they cannot be loaded', async () => {
    panelServer([]);
    const { unmount } = renderWithProviders(<MyApiKeysPanel />);
    expect(await screen.findByText('Todavía no tienes facturas.')).toBeInTheDocument();
    unmount();

    panelServer([]).on('GET', '/me/api-invoices', { status: 503, body: { statusCode: 503, message: 'Servicio no disponible' } });
    renderWithProviders(<MyApiKeysPanel />);
    expect(await screen.findByText('No se pudieron cargar tus facturas.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByText('Tus claves de API están suspendidas')).not.toBeInTheDocument();
  });
});
