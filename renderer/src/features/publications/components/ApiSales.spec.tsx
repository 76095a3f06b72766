import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { ApiAvailability } from './ApiAvailability';
import { BuyersSection } from './BuyersSection';
import { MyApiKeysPanel } from './MyApiKeysPanel';
import { PricingSection } from './PricingSection';

const PUBLICATION = '3f2b1c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d';
const pricing = {
  apiId: PUBLICATION,
  agentId: 'agent-1',
  available: true,
  currency: 'eur',
  per1000Calls: 150,
  perMillionInputTokens: 200,
  perMillionOutputTokens: 800,
  next: null,
};
const key = {
  keyId: 'key-1',
  agentId: 'agent-1',
  agentName: 'Asesor fiscal',
  name: 'Producción',
  prefix: 'nova_sk_abc123',
  monthlySpendCap: 100,
  spentThisMonth: 42.5,
  currency: 'eur',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
};

describe("selling a published agent's API (issue 36)", () => {
  it("saves the creator's prices in cents and 'Disponible para otros desarrolladores', and says when a change applies", async () => {
    const api = mockApi()
      .on('GET', `/publication/${PUBLICATION}/pricing`, { body: { ...pricing, available: false, per1000Calls: 0, perMillionInputTokens: 0, perMillionOutputTokens: 0 } })
      .on('PUT', `/publication/${PUBLICATION}/pricing`, { body: { ...pricing, per1000Calls: 0, perMillionInputTokens: 0, perMillionOutputTokens: 0, next: { from: '2026-12', per1000Calls: 150, perMillionInputTokens: 200, perMillionOutputTokens: 800 } } });
    renderWithProviders(<PricingSection publicationId={PUBLICATION} />);

    await userEvent.click(await screen.findByRole('switch', { name: 'Disponible para otros desarrolladores' }));
    const calls = screen.getByRole('textbox', { name: 'Por cada 1.000 llamadas (EUR)' });
    await userEvent.clear(calls);
    await userEvent.type(calls, '1,5');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Por millón de tokens de entrada (EUR)' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Por millón de tokens de entrada (EUR)' }), '2');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Por millón de tokens de salida (EUR)' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Por millón de tokens de salida (EUR)' }), '8');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar precios' }));

    await waitFor(() => expect(api.callsTo('PUT', `/publication/${PUBLICATION}/pricing`)[0]?.body).toEqual({ available: true, per1000Calls: 150, perMillionInputTokens: 200, perMillionOutputTokens: 800 }));
    expect(await screen.findByText('Los precios nuevos se aplican desde Diciembre de 2026.')).toBeInTheDocument();
  });

  it("shows the server's Spanish refusal of the prices", async () => {
    mockApi()
      .on('GET', `/publication/${PUBLICATION}/pricing`, { body: pricing })
      .on('PUT', `/publication/${PUBLICATION}/pricing`, { status: 404, body: { statusCode: 404, message: 'Publicación no encontrada.', error: 'Not Found' } });
    renderWithProviders(<PricingSection publicationId={PUBLICATION} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Guardar precios' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Publicación no encontrada.');
  });

  it("shows the creator each buyer's use, revenue and share this month, and no key", async () => {
    const buyer = { buyerSub: 'sub-carla', username: 'carla', keys: 2, requests: 1200, errors: 3, inputTokens: 50_000, outputTokens: 20_000, revenue: 1234.5, creatorShare: 987.6 };
    mockApi().on('GET', `/publication/${PUBLICATION}/buyers`, { body: { month: '2026-11', currency: 'eur', buyers: [buyer] } });
    renderWithProviders(<BuyersSection publicationId={PUBLICATION} />);
    const row = within(await screen.findByRole('table', { name: 'Uso e ingresos por comprador este mes' })).getByRole('row', { name: /carla/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent?.replace(/\s/g, ' '))).toEqual(['carla', '1200', '50.000 / 20.000', '12,35 €', '9,88 €']);
    expect(row.textContent).not.toMatch(/nova_sk_|key/);
  });

  it("shows 'API disponible' with the prices on the marketplace page, and nothing when the API is not for sale", async () => {
    mockApi().on('GET', '/publication/agent-1/pricing', { body: pricing });
    const { unmount } = renderWithProviders(<ApiAvailability agentId="agent-1" />);
    expect(await screen.findByText('API disponible')).toBeInTheDocument();
    expect(screen.getByText(/1,50\s€ por 1\.000 llamadas · 2,00\s€ por millón de tokens de entrada · 8,00\s€ por millón de tokens de salida/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crear una clave de API' })).toHaveAttribute('href', '/mi-perfil?tab=API_KEYS&agent=agent-1');
    unmount();

    mockApi().on('GET', '/publication/agent-2/pricing', { status: 404, body: { statusCode: 404, message: 'La API de este agente no está disponible para otros desarrolladores.', error: 'Not Found' } });
    renderWithProviders(<ApiAvailability agentId="agent-2" />);
    await waitFor(() => expect(screen.queryByTestId('api-availability')).not.toBeInTheDocument());
    expect(screen.queryByText('API disponible')).not.toBeInTheDocument();
  });
});

describe("'Mis claves de API'", () => {
  it("lists the keys with this month's spend, creates one with a cap (its secret shown once) and deletes one", async () => {
    const created = { ...key, keyId: 'key-2', name: 'Pruebas', monthlySpendCap: 250, spentThisMonth: 0, secret: 'nova_sk_secreto' };
    const api = mockApi()
      .on('GET', '/me/api-keys', { body: [key] })
      .on('POST', '/me/api-keys', { status: 201, body: created })
      .on('DELETE', '/me/api-keys/key-1', { body: { success: true, keyId: 'key-1' } });
    renderWithProviders(<MyApiKeysPanel agentId="agent-1" />);

    const table = await screen.findByRole('table', { name: 'Mis claves de API' });
    expect(within(table).getByText('Producción')).toBeInTheDocument();
    expect(within(table).getByText(/0,43\s€/)).toBeInTheDocument();
    expect(within(table).getByText(/1,00\s€/)).toBeInTheDocument();

    expect(screen.getByRole('textbox', { name: 'ID del agente' })).toHaveValue('agent-1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre de la clave' }), 'Pruebas');
    await userEvent.type(screen.getByRole('textbox', { name: 'Límite de gasto mensual (opcional)' }), '2,5');
    api.on('GET', '/me/api-keys', { body: [key, created] });
    await userEvent.click(screen.getByRole('button', { name: 'Crear clave' }));
    await waitFor(() => expect(api.callsTo('POST', '/me/api-keys')[0]?.body).toEqual({ agentId: 'agent-1', name: 'Pruebas', monthlySpendCap: 250 }));
    const dialog = await screen.findByRole('dialog', { name: 'Tu nueva clave de API' });
    expect(within(dialog).getByTestId('api-key-secret')).toHaveTextContent('nova_sk_secreto');
    await userEvent.click(within(dialog).getByRole('button', { name: 'He guardado la clave' }));

    api.on('GET', '/me/api-keys', { body: [created] });
    await userEvent.click(screen.getByRole('button', { name: 'Borrar la clave Producción' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/me/api-keys/key-1')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Producción')).not.toBeInTheDocument());
    expect(screen.queryByText('nova_sk_secreto')).not.toBeInTheDocument();
  });

  it("without a saved card shows the server's 402 and the way to add one", async () => {
    mockApi()
      .on('GET', '/me/api-keys', { body: [] })
      .on('GET', '/me/api-usage', { body: { currency: 'eur', days: [] } })
      .on('GET', '/me/api-invoices', { body: { items: [] } })
      .on('POST', '/me/api-keys', { status: 402, body: { statusCode: 402, message: 'Añade una tarjeta para usar APIs de pago.', error: 'Payment Required', code: 'CardRequired' } });
    renderWithProviders(<MyApiKeysPanel />);
    expect(await screen.findByText('Todavía no tienes claves de API de pago.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'ID del agente' }), 'agent-1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre de la clave' }), 'Mía');
    await userEvent.click(screen.getByRole('button', { name: 'Crear clave' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Añade una tarjeta para usar APIs de pago.');
    expect(screen.getByRole('link', { name: 'Añadir una tarjeta' })).toHaveAttribute('href', '/mi-perfil?tab=PAYMENTS');
  });
});
