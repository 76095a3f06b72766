import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { loadedRuntimeConfig, renderWithProviders } from '../../../../test/render';
import { runtimeConfigAtom } from '../../../shared/config';
import type { ApiKey, Publication, UsageDay } from '../api/publicationsQueries';
import { PublicationPanel } from './PublicationPanel';

// Typing, picking options and modals take a while on a busy machine.
jest.setTimeout(30_000);

const AGENT = 'agente-fiscal-1';
const PUB = 'pub-1';
const SECRET = 'nova_sk_4hQ9xZ2mVbN7cR1tLpW8sKdE3fGyJ6uA0oIiTqXe';
const NEW_SECRET = 'nova_sk_Zz9yY8xX7wW6vV5uU4tT3sS2rR1qQ0pPoOnNmMlL';
const ORIGIN = window.location.origin;
// The whole panel's first load (four requests, a chart) can take a few seconds on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

/** A publication as the server sends it (spec section 3 names its id `apiId`; `id` is the same). */
const publication = (extra: Partial<Publication> = {}): Publication => ({
  id: PUB,
  apiId: PUB,
  agentId: AGENT,
  name: 'Asesor Fiscal',
  description: 'Responde dudas de impuestos.',
  enabled: true,
  pinnedVersion: 'current',
  createdAt: '2026-11-20T10:00:00.000Z',
  endpoints: {
    invoke: `/api/v1/agent/${AGENT}/invoke`,
    chatCompletions: '/api/v1/chat/completions',
    models: '/api/v1/models',
    mcp: `/api/v1/agent/${AGENT}/mcp`,
    a2aAgentCard: `/api/a2a/${AGENT}/.well-known/agent-card.json`,
    openapi: `/api/publication/${PUB}/openapi.json`,
  },
  apiKeys: [],
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});

const otherAgentsPublication = publication({ id: 'pub-otro', apiId: 'pub-otro', agentId: 'otro-agente' });

const key = (keyId: string, name: string, extra: Partial<ApiKey> = {}): ApiKey => ({
  keyId,
  name,
  prefix: `nova_sk_${keyId.slice(0, 4)}`,
  rateLimitPerMinute: 60,
  monthlyRequestQuota: null,
  monthlyTokenQuota: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
  allowConfirmedTools: false,
  ...extra,
});

const versions = [
  { agentId: AGENT, version: 2, prompt: 'b', name: 'Breve', description: '', isCurrentVersion: true, createdBy: 'ana', createdAt: '2026-11-20T10:00:00.000Z' },
  { agentId: AGENT, version: 1, prompt: 'a', name: 'Primera', description: '', isCurrentVersion: false, createdBy: 'ana', createdAt: '2026-11-19T10:00:00.000Z' },
];

const usageDays: UsageDay[] = [
  { date: '2026-11-22', keyId: 'k-default', requests: 12, errors: 1, inputTokens: 340, outputTokens: 910, avgLatencyMs: 420.4 },
  { date: '2026-11-23', keyId: 'k-default', requests: 5, errors: 0, inputTokens: 100, outputTokens: 200, avgLatencyMs: 300 },
  { date: '2026-11-23', keyId: 'k-prod', requests: 30, errors: 2, inputTokens: 1500, outputTokens: 4200, avgLatencyMs: 510 },
];

/** What the fake server holds: the agent's publication (or none) and its keys. Changes made through it are read back. */
interface ServerState {
  publication: Publication | null;
  keys: ApiKey[];
}

function server(state: ServerState, days: UsageDay[] = []): ApiMock {
  return mockApi()
    .on('GET', '/publications', () => ({ body: state.publication ? [state.publication, otherAgentsPublication] : [otherAgentsPublication] }))
    .on('GET', `/publication/${PUB}/keys`, () => ({ body: state.keys }))
    .on('GET', `/publication/${PUB}/usage`, { body: { days } })
    .on('GET', `/fine-tuning/agent-prompts/${AGENT}/versions`, { body: versions })
    .on('POST', `/agent/${AGENT}/publication`, () => {
      const created = key('k-default', 'Clave por defecto');
      state.publication = publication({ apiKeys: [created] });
      state.keys = [created];
      return { status: 201, body: { ...state.publication, apiKey: { ...created, secret: SECRET } } };
    })
    .on('DELETE', `/publication/${PUB}`, () => {
      state.publication = null;
      state.keys = [];
      return { body: { apiId: PUB, success: true } };
    })
    .on('PUT', `/publication/${PUB}`, (call) => {
      state.publication = { ...state.publication!, ...(call.body as Partial<Publication>) };
      return { body: state.publication };
    })
    .on('POST', `/publication/${PUB}/keys`, (call) => {
      const created = key('k-prod', (call.body as { name: string }).name, call.body as Partial<ApiKey>);
      state.keys = [...state.keys, created];
      return { status: 201, body: { ...created, secret: NEW_SECRET } };
    })
    .on('DELETE', `/publication/${PUB}/keys/*`, (call) => {
      const keyId = call.path.split('/').pop();
      state.keys = state.keys.filter((item) => item.keyId !== keyId);
      return { body: { keyId, success: true } };
    });
}

/** A server where the agent is already published, with its default key. */
function publishedServer(keys: ApiKey[] = [key('k-default', 'Clave por defecto')], days: UsageDay[] = []): ApiMock {
  return server({ publication: publication(), keys }, days);
}

function unpublishedServer(): ApiMock {
  return server({ publication: null, keys: [] });
}

/** Everything the query cache holds, to check that no secret is kept. */
const cached = (queryClient: QueryClient) =>
  JSON.stringify([
    queryClient.getQueryCache().getAll().map((query) => query.state.data),
    queryClient.getMutationCache().getAll().map((mutation) => mutation.state.data),
  ]);

describe('PublicationPanel', () => {
  afterEach(() => jest.restoreAllMocks());

  it('publishes the agent and shows the default key secret once, with a copy button and the warning', async () => {
    const user = userEvent.setup();
    const api = unpublishedServer();
    const { queryClient } = renderWithProviders(<PublicationPanel agentId={AGENT} />);

    expect(await screen.findByText('Este agente todavía no está publicado como API.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publicar como API' }));

    const dialog = await screen.findByRole('dialog', { name: 'Tu nueva clave de API' });
    expect(within(dialog).getByText(SECRET)).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Copia la clave ahora y guárdala en un lugar seguro: no se volverá a mostrar.');
    expect(dialog).toHaveTextContent('Esta es la clave «Clave por defecto».');
    await user.click(within(dialog).getByRole('button', { name: 'Copiar la clave' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(SECRET);
    expect(within(dialog).getByRole('button', { name: 'Copiar la clave' })).toHaveTextContent('Copiado');
    expect(api.callsTo('POST', `/agent/${AGENT}/publication`)).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'He guardado la clave' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tu nueva clave de API' })).toBeNull());

    // The keys list never shows it, and no cache keeps it.
    const table = await screen.findByRole('table', { name: 'Claves de API' });
    expect(within(table).getByText('Clave por defecto')).toBeInTheDocument();
    expect(within(table).queryByText(SECRET)).toBeNull();
    expect(cached(queryClient)).toContain('Clave por defecto');
    await waitFor(() => expect(cached(queryClient)).not.toContain(SECRET));
    // Published, the list and the keys are read again.
    await waitFor(() => expect(api.callsTo('GET', `/publication/${PUB}/keys`).length).toBeGreaterThan(0));
    expect(api.callsTo('GET', '/publications').length).toBeGreaterThan(1);
  });

  it('lists the keys by name, prefix and limits, never their secrets, and only the agent’s own publication', async () => {
    publishedServer([
      key('k-default', 'Clave por defecto'),
      key('k-prod', 'Producción', {
        rateLimitPerMinute: 120,
        monthlyRequestQuota: 10000,
        monthlyTokenQuota: 2000000,
        lastUsedAt: '2026-11-23T09:30:00.000Z',
        expiresAt: '2027-01-31T23:59:59.999Z',
        // A server that slipped one in must still not show it.
        ...({ secret: SECRET } as object),
      }),
    ]);
    const { queryClient } = renderWithProviders(<PublicationPanel agentId={AGENT} />);

    const table = await screen.findByRole('table', { name: 'Claves de API' });
    const rows = within(table).getAllByRole('row').slice(1);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
    const prod = within(table).getAllByRole('row')[2];
    expect(cells(prod).slice(0, 3)).toEqual(['Producción', 'nova_sk_k-pr…', '120 peticiones/min · 10.000 peticiones/mes · 2.000.000 tokens/mes']);
    expect(cells(rows[0]).slice(0, 3)).toEqual(['Clave por defecto', 'nova_sk_k-de…', '60 peticiones/min']);
    expect(cells(rows[0])[4]).toBe('Nunca');
    expect(cells(rows[0])[5]).toBe('No caduca');
    expect(cells(rows[0])[6]).toBe('No permitidas');
    expect(document.body).not.toHaveTextContent(SECRET);
    expect(cached(queryClient)).not.toContain(SECRET);
  });

  it('creates a key with a name and limits, and shows its secret once', async () => {
    const user = userEvent.setup();
    const api = publishedServer();
    const { queryClient } = renderWithProviders(<PublicationPanel agentId={AGENT} />);

    const form = await screen.findByRole('form', { name: 'Nueva clave' });
    await user.click(within(form).getByRole('button', { name: 'Crear clave' }));
    expect(await within(form).findByText('Pon un nombre a la clave.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/publication/${PUB}/keys`)).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /Nombre de la clave/ }), 'Producción');
    await user.type(within(form).getByRole('textbox', { name: 'Peticiones por minuto' }), '60');
    await user.type(within(form).getByRole('textbox', { name: 'Peticiones al mes' }), '10000');
    await user.type(within(form).getByRole('textbox', { name: 'Tokens al mes' }), '2000000');
    await user.type(within(form).getByLabelText('Caduca el'), '2099-01-31');
    await user.click(within(form).getByRole('button', { name: 'Crear clave' }));

    await waitFor(() => expect(api.callsTo('POST', `/publication/${PUB}/keys`)).toHaveLength(1));
    expect(api.callsTo('POST', `/publication/${PUB}/keys`)[0].body).toEqual({
      name: 'Producción',
      rateLimitPerMinute: 60,
      monthlyRequestQuota: 10000,
      monthlyTokenQuota: 2000000,
      expiresAt: '2099-01-31T23:59:59.999Z',
      allowConfirmedTools: false,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Tu nueva clave de API' });
    expect(within(dialog).getByText(NEW_SECRET)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'He guardado la clave' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const table = screen.getByRole('table', { name: 'Claves de API' });
    expect(within(table).getByText('Producción')).toBeInTheDocument();
    expect(within(table).queryByText(NEW_SECRET)).toBeNull();
    expect(within(form).getByRole('textbox', { name: /Nombre de la clave/ })).toHaveValue('');
    // The examples carry the key just made, for this visit only; the keys are read again.
    expect(screen.getByRole('region', { name: 'Ejemplo: curl' })).toHaveTextContent(`Authorization: Bearer ${NEW_SECRET}`);
    await waitFor(() => expect(api.callsTo('GET', `/publication/${PUB}/keys`)).toHaveLength(2));
    expect(within(table).getByText('Producción')).toBeInTheDocument();
    await waitFor(() => expect(cached(queryClient)).not.toContain(NEW_SECRET));
  });

  it("creates a key that may run the agent's tools that ask first only when that switch is on, and lists it so", async () => {
    const user = userEvent.setup();
    const api = publishedServer();
    renderWithProviders(<PublicationPanel agentId={AGENT} />);

    const form = await screen.findByRole('form', { name: 'Nueva clave' });
    const allow = within(form).getByRole('switch', { name: /^Permitir herramientas que piden confirmación/ });
    expect(allow).not.toBeChecked();
    expect(within(form).getByText(/podrán usar sin preguntar las herramientas del agente marcadas «Pide confirmación»/)).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /Nombre de la clave/ }), 'Tienda');
    await user.click(allow);
    await user.click(within(form).getByRole('button', { name: 'Crear clave' }));

    await waitFor(() => expect(api.callsTo('POST', `/publication/${PUB}/keys`)).toHaveLength(1));
    expect(api.callsTo('POST', `/publication/${PUB}/keys`)[0].body).toEqual({ name: 'Tienda', allowConfirmedTools: true });
    await user.click(await screen.findByRole('button', { name: 'He guardado la clave' }));
    const table = screen.getByRole('table', { name: 'Claves de API' });
    const row = within(table).getByText('Tienda').closest('tr')!;
    expect(within(row).getByText('Permitidas')).toBeInTheDocument();
    // The form starts again with the switch off.
    expect(within(form).getByRole('switch', { name: /^Permitir herramientas que piden confirmación/ })).not.toBeChecked();
  });

  it('refuses a limit that is not a whole positive number', async () => {
    const user = userEvent.setup();
    const api = publishedServer();
    renderWithProviders(<PublicationPanel agentId={AGENT} />);
    const form = await screen.findByRole('form', { name: 'Nueva clave' });
    await user.type(within(form).getByRole('textbox', { name: /Nombre de la clave/ }), 'Pruebas');
    await user.type(within(form).getByRole('textbox', { name: 'Peticiones por minuto' }), '0');
    await user.click(within(form).getByRole('button', { name: 'Crear clave' }));
    expect(await within(form).findByText('Escribe un número entero mayor que 0.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/publication/${PUB}/keys`)).toHaveLength(0);
  });

  it('says what an empty requests-per-minute means (none of its own, the server’s most), sends none and lists the key so', async () => {
    const user = userEvent.setup();
    const api = publishedServer([key('k-default', 'Clave por defecto', { rateLimitPerMinute: null })]);
    renderWithProviders(<PublicationPanel agentId={AGENT} />);
    const form = await screen.findByRole('form', { name: 'Nueva clave' });
    // The served configuration's most: 600 a minute (renderer/test/served-config.json).
    expect(within(form).getByText('Opcional. Vacío: sin límite propio, hasta 600/min.')).toBeInTheDocument();
    expect(screen.getByText(/las consultas al modelo de todas tus claves juntas tienen además un máximo por minuto del servidor/)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Claves de API' });
    expect(within(within(table).getAllByRole('row')[1]).getAllByRole('cell')[2]).toHaveTextContent('Sin límites propios');

    await user.type(within(form).getByRole('textbox', { name: /Nombre de la clave/ }), 'Sin límite');
    await user.click(within(form).getByRole('button', { name: 'Crear clave' }));
    await waitFor(() => expect(api.callsTo('POST', `/publication/${PUB}/keys`)).toHaveLength(1));
    expect(api.callsTo('POST', `/publication/${PUB}/keys`)[0].body).toEqual({ name: 'Sin límite', allowConfirmedTools: false });
  });

  it('takes the key’s limits from the server’s configuration', async () => {
    const user = userEvent.setup();
    const api = publishedServer();
    const limits = loadedRuntimeConfig.limits!;
    const store = createStore();
    store.set(runtimeConfigAtom, {
      ...loadedRuntimeConfig,
      limits: { ...limits, apiKey: { ...limits.apiKey, name: { min: 1, max: 10 }, rateLimitPerMinute: { min: 1, max: 600 } } },
    });
    renderWithProviders(<PublicationPanel agentId={AGENT} />, { store });
    const form = await screen.findByRole('form', { name: 'Nueva clave' });
    await user.type(within(form).getByRole('textbox', { name: /Nombre de la clave/ }), 'Once letras');
    await user.type(within(form).getByRole('textbox', { name: 'Peticiones por minuto' }), '601');
    await user.click(within(form).getByRole('button', { name: 'Crear clave' }));
    expect(await within(form).findByText('El nombre no puede superar los 10 caracteres.')).toBeInTheDocument();
    expect(within(form).getByText('Escribe un número entero que no supere 600.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/publication/${PUB}/keys`)).toHaveLength(0);
  });

  it('revokes a key only after confirming', async () => {
    const user = userEvent.setup();
    const api = publishedServer([key('k-default', 'Clave por defecto'), key('k-prod', 'Producción')]);
    renderWithProviders(<PublicationPanel agentId={AGENT} />);

    await user.click(await screen.findByRole('button', { name: 'Revocar la clave «Producción»' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revocar clave' });
    expect(dialog).toHaveTextContent(
      '¿Seguro que quieres revocar la clave «Producción»? Las llamadas que la usen se rechazarán al instante. Esta acción no se puede deshacer.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('DELETE', `/publication/${PUB}/keys/*`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revocar la clave «Producción»' }));
    dialog = await screen.findByRole('dialog', { name: 'Revocar clave' });
    await user.click(within(dialog).getByRole('button', { name: 'Revocar' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Revocar la clave «Producción»' })).toBeNull());
    expect(api.callsTo('DELETE', `/publication/${PUB}/keys/k-prod`)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Revocar la clave «Clave por defecto»' })).toBeInTheDocument();
  });

  it('unpublishes after confirming and offers to publish again', async () => {
    const user = userEvent.setup();
    const api = publishedServer();
    const { queryClient } = renderWithProviders(<PublicationPanel agentId={AGENT} />);

    await user.click(await screen.findByRole('button', { name: 'Dejar de publicar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dejar de publicar' });
    expect(dialog).toHaveTextContent('Todas sus claves dejarán de funcionar al instante');
    await user.click(within(dialog).getByRole('button', { name: 'Dejar de publicar' }));

    expect(await screen.findByRole('button', { name: 'Publicar como API' })).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/publication/${PUB}`)).toHaveLength(1);
    expect(queryClient.getQueryData(['publications', PUB, 'keys'])).toBeUndefined();
  });

  it('switches the API off and pins a prompt version', async () => {
    const user = userEvent.setup();
    const api = publishedServer();
    renderWithProviders(<PublicationPanel agentId={AGENT} />);

    const toggle = await screen.findByRole('switch', { name: /^Publicación activa/ });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(api.callsTo('PUT', `/publication/${PUB}`)[0].body).toEqual({ enabled: false });

    const picker = screen.getByRole('textbox', { name: /Versión que responde/ });
    expect(picker).toHaveValue('Versión actual');
    await user.click(picker);
    expect(screen.getByRole('option', { name: 'Versión 2 · Breve (actual ahora)' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Versión 1 · Primera' }));
    await waitFor(() => expect(api.callsTo('PUT', `/publication/${PUB}`)).toHaveLength(2));
    expect(api.callsTo('PUT', `/publication/${PUB}`)[1].body).toEqual({ pinnedVersion: 1 });
    await waitFor(() => expect(picker).toHaveValue('Versión 1 · Primera'));
  });

  it('shows the addresses and examples with the real base URL and the agent id, and a placeholder key', async () => {
    const user = userEvent.setup();
    publishedServer();
    renderWithProviders(<PublicationPanel agentId={AGENT} />);

    const addresses = await screen.findByRole('list', { name: 'Direcciones' });
    const item = (label: string) => within(addresses).getAllByRole('listitem').find((li) => li.textContent?.startsWith(label));
    expect(item('Invocar el agente')).toHaveTextContent(`${ORIGIN}/api/v1/agent/${AGENT}/invoke`);
    expect(item('URL base para clientes de OpenAI')).toHaveTextContent(`${ORIGIN}/api/v1`);
    expect(item('Servidor MCP (HTTP)')).toHaveTextContent(`${ORIGIN}/api/v1/agent/${AGENT}/mcp`);
    expect(item('Agent Card A2A')).toHaveTextContent(`${ORIGIN}/api/a2a/${AGENT}/.well-known/agent-card.json`);
    expect(item('Documento OpenAPI')).toHaveTextContent(`${ORIGIN}/api/publication/${PUB}/openapi.json`);
    await user.click(within(addresses).getByRole('button', { name: 'Copiar: Invocar el agente' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(`${ORIGIN}/api/v1/agent/${AGENT}/invoke`);

    const curl = screen.getByRole('region', { name: 'Ejemplo: curl' });
    expect(curl).toHaveTextContent(`curl -X POST '${ORIGIN}/api/v1/agent/${AGENT}/invoke'`);
    expect(curl).toHaveTextContent("-H 'Authorization: Bearer TU_CLAVE_DE_API'");
    expect(screen.getByText('Sustituye TU_CLAVE_DE_API por una de tus claves.')).toBeInTheDocument();

    const expectations: Array<[tab: string, texts: string[]]> = [
      ['JavaScript (fetch)', [`await fetch("${ORIGIN}/api/v1/agent/${AGENT}/invoke"`, 'Authorization: "Bearer TU_CLAVE_DE_API"']],
      ['Python (requests)', ['import requests', `"${ORIGIN}/api/v1/agent/${AGENT}/invoke"`]],
      ['openai (JavaScript)', [`baseURL: "${ORIGIN}/api/v1"`, `model: "${AGENT}"`]],
      ['openai (Python)', ['from openai import OpenAI', `base_url="${ORIGIN}/api/v1"`, `model="${AGENT}"`]],
      ['Cliente MCP (configuración)', [`"url": "${ORIGIN}/api/v1/agent/${AGENT}/mcp"`, '"Authorization": "Bearer TU_CLAVE_DE_API"']],
    ];
    for (const [tab, texts] of expectations) {
      await user.click(screen.getByRole('tab', { name: tab }));
      const code = screen.getByRole('region', { name: `Ejemplo: ${tab}` });
      for (const text of texts) expect(code).toHaveTextContent(text);
    }
    await user.click(screen.getByRole('button', { name: 'Copiar: Cliente MCP (configuración)' }));
    const config = JSON.parse(await navigator.clipboard.readText());
    expect(config.mcpServers['asesor-fiscal']).toEqual({
      type: 'http',
      url: `${ORIGIN}/api/v1/agent/${AGENT}/mcp`,
      headers: { Authorization: 'Bearer TU_CLAVE_DE_API' },
    });
  });

  it('shows the usage per day and per key as a chart and a table', async () => {
    // jsdom lays nothing out: the chart's container is given the size a browser would give it.
    const realRect = HTMLElement.prototype.getBoundingClientRect;
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('recharts-responsive-container') ? ({ width: 640, height: 260, top: 0, left: 0, right: 640, bottom: 260, x: 0, y: 0 } as DOMRect) : realRect.call(this);
    });
    const user = userEvent.setup();
    publishedServer([key('k-default', 'Clave por defecto')], usageDays);
    renderWithProviders(<PublicationPanel agentId={AGENT} />);

    const table = await screen.findByRole('table', { name: 'Uso por día y por clave' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['22 nov 2026', 'Clave por defecto', '12', '1', '340', '910', '420 ms'],
      ['23 nov 2026', 'Clave por defecto', '5', '0', '100', '200', '300 ms'],
      // A revoked key keeps its figures.
      ['23 nov 2026', 'Clave revocada (k-prod)', '30', '2', '1500', '4200', '510 ms'],
    ]);
    const chart = screen.getByRole('figure', { name: /Gráfico de barras: peticiones por día y por clave/ });
    // One bar per day and key, and a legend naming the keys.
    await waitFor(() => expect(chart.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(3));
    expect(within(chart).getByText('Clave por defecto')).toBeInTheDocument();
    expect(within(chart).getByText('Clave revocada (k-prod)')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Tokens' }));
    expect(screen.getByRole('figure', { name: /Gráfico de barras: tokens por día y por clave/ })).toBeInTheDocument();
  });

  it('says so when nothing has been called yet', async () => {
    publishedServer();
    renderWithProviders(<PublicationPanel agentId={AGENT} />);
    expect(await screen.findByText('Todavía no hay llamadas registradas.')).toBeInTheDocument();
  });

  describe('errors are shown with the spec’s Spanish sentence and the server’s explanation', () => {
    it('fetching the publications, with a way to try again', async () => {
      const user = userEvent.setup();
      const api = publishedServer().on('GET', '/publications', { status: 500, body: { message: 'Error interno' } });
      renderWithProviders(<PublicationPanel agentId={AGENT} />);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('No se pudieron cargar las publicaciones del agente.');
      expect(alert).toHaveTextContent('Error interno');
      expect(screen.queryByRole('button', { name: 'Publicar como API' })).toBeNull();

      api.on('GET', '/publications', { body: [publication()] });
      await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
      expect(await screen.findByRole('switch', { name: /^Publicación activa/ })).toBeChecked();
      expect(screen.queryByText('No se pudieron cargar las publicaciones del agente.')).toBeNull();
    });

    it('creating the publication, cleared by the next attempt', async () => {
      const user = userEvent.setup();
      const api = unpublishedServer().on('POST', `/agent/${AGENT}/publication`, {
        status: 403,
        body: { message: 'Solo el creador del agente o un administrador puede publicarlo.' },
      });
      renderWithProviders(<PublicationPanel agentId={AGENT} />);
      await user.click(await screen.findByRole('button', { name: 'Publicar como API' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('No se pudo crear la publicación.');
      expect(alert).toHaveTextContent('Solo el creador del agente o un administrador puede publicarlo.');
      expect(screen.queryByRole('dialog')).toBeNull();

      // Pending clears the error.
      api.on('POST', `/agent/${AGENT}/publication`, { hang: true });
      await user.click(screen.getByRole('button', { name: 'Publicar como API' }));
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
      expect(screen.getByRole('button', { name: 'Publicando…' })).toBeDisabled();
    });

    it('deleting the publication', async () => {
      const user = userEvent.setup();
      publishedServer().on('DELETE', `/publication/${PUB}`, { status: 500, body: { message: 'Error interno' } });
      renderWithProviders(<PublicationPanel agentId={AGENT} />);
      await user.click(await screen.findByRole('button', { name: 'Dejar de publicar' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Dejar de publicar' })).getByRole('button', { name: 'Dejar de publicar' }));
      expect(await screen.findByText('No se pudo eliminar la publicación.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Dejar de publicar' })).toBeInTheDocument();
    });

    it('fetching the keys, with a way to try again', async () => {
      const user = userEvent.setup();
      const api = publishedServer().on('GET', `/publication/${PUB}/keys`, { networkError: true });
      renderWithProviders(<PublicationPanel agentId={AGENT} />);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('No se pudieron cargar las claves de API.');

      api.on('GET', `/publication/${PUB}/keys`, { body: [key('k-default', 'Clave por defecto')] });
      await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
      expect(await screen.findByRole('button', { name: 'Revocar la clave «Clave por defecto»' })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('a failed load’s alert can be closed', async () => {
      const user = userEvent.setup();
      publishedServer().on('GET', `/publication/${PUB}/keys`, { status: 500, body: { message: 'Error interno' } });
      renderWithProviders(<PublicationPanel agentId={AGENT} />);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('No se pudieron cargar las claves de API.');
      await user.click(within(alert).getByRole('button', { name: 'Cerrar aviso' }));
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    });

    it('creating a key', async () => {
      const user = userEvent.setup();
      publishedServer().on('POST', `/publication/${PUB}/keys`, { status: 400, body: { message: 'El nombre de la clave es obligatorio.' } });
      renderWithProviders(<PublicationPanel agentId={AGENT} />);
      const form = await screen.findByRole('form', { name: 'Nueva clave' });
      await user.type(within(form).getByRole('textbox', { name: /Nombre de la clave/ }), 'Pruebas');
      await user.click(within(form).getByRole('button', { name: 'Crear clave' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('No se pudo crear la clave de API.');
      expect(alert).toHaveTextContent('El nombre de la clave es obligatorio.');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(within(form).getByRole('textbox', { name: /Nombre de la clave/ })).toHaveValue('Pruebas');

      await user.click(within(alert).getByRole('button', { name: 'Cerrar aviso' }));
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    });

    it('revoking a key', async () => {
      const user = userEvent.setup();
      publishedServer().on('DELETE', `/publication/${PUB}/keys/k-default`, { status: 500, body: {} });
      renderWithProviders(<PublicationPanel agentId={AGENT} />);
      await user.click(await screen.findByRole('button', { name: 'Revocar la clave «Clave por defecto»' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Revocar clave' })).getByRole('button', { name: 'Revocar' }));
      expect(await screen.findByText('No se pudo revocar la clave de API.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Revocar la clave «Clave por defecto»' })).toBeInTheDocument();
    });

    it('loading the usage, with a way to try again', async () => {
      const user = userEvent.setup();
      const api = publishedServer().on('GET', `/publication/${PUB}/usage`, { status: 503, body: { message: 'Servicio no disponible' } });
      renderWithProviders(<PublicationPanel agentId={AGENT} />);
      const alert = (await screen.findByText('Servicio no disponible')).closest<HTMLElement>('[role="alert"]')!;

      api.on('GET', `/publication/${PUB}/usage`, { body: { days: [] } });
      await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
      expect(await screen.findByText('Todavía no hay llamadas registradas.')).toBeInTheDocument();
    });

    it('loading the prompt versions, with a way to try again', async () => {
      const user = userEvent.setup();
      const api = publishedServer().on('GET', `/fine-tuning/agent-prompts/${AGENT}/versions`, { status: 500, body: { message: 'Error interno' } });
      renderWithProviders(<PublicationPanel agentId={AGENT} />);
      expect(await screen.findByText('No se pudieron cargar las versiones del prompt.')).toBeInTheDocument();

      api.on('GET', `/fine-tuning/agent-prompts/${AGENT}/versions`, { body: versions });
      await user.click(screen.getByRole('button', { name: 'Reintentar: versiones del prompt' }));
      await waitFor(() => expect(screen.queryByText('No se pudieron cargar las versiones del prompt.')).toBeNull());
      await user.click(screen.getByRole('textbox', { name: /Versión que responde/ }));
      expect(screen.getByRole('option', { name: 'Versión 1 · Primera' })).toBeInTheDocument();
    });

    it('changing the publication, beside the control', async () => {
      const user = userEvent.setup();
      publishedServer().on('PUT', `/publication/${PUB}`, { status: 409, body: { message: 'La publicación ha cambiado.' } });
      renderWithProviders(<PublicationPanel agentId={AGENT} />);
      const toggle = await screen.findByRole('switch', { name: /^Publicación activa/ });
      await user.click(toggle);
      expect(await screen.findByRole('alert')).toHaveTextContent('La publicación ha cambiado.');
      expect(toggle).toBeChecked();
    });
  });
});
