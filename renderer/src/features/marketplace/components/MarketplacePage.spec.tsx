import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../../test/api-mock';
import { agentFixture, ecosystemFixture, page } from '../../../../test/fixtures';
import { createMemoryRouter, Link, Route, RouterProvider, Routes, useLocation, useNavigate } from 'react-router-dom';
import { loadedRuntimeConfig, renderWithProviders } from '../../../../test/render';
import { createQueryClient } from '../../../shared/api';
import { runtimeConfigAtom } from '../../../shared/config';
import { SEARCH_DEBOUNCE_MS } from '../hooks/useMarketplaceList';
import { GRID_COLUMNS } from './CardGrid';
import { MarketplacePage } from './MarketplacePage';


const legal = agentFixture();
const finance = agentFixture({ id: 'agente-finanzas', name: 'Analista Financiero', category: 'finance', price: 49.9 });

function lastAgentsQuery(api: ReturnType<typeof mockApi>) {
  const calls = api.callsTo('GET', '/marketplace/agents');
  return Object.fromEntries(calls[calls.length - 1]!.url.searchParams);
}

describe('MarketplacePage', () => {
  it('lists the public agents in a grid with their price and rating, sorted by popularity', async () => {
    const api = mockApi().on('GET', '/marketplace/agents', { body: page([legal, finance]) });
    renderWithProviders(<MarketplacePage renderAgentActions={(agent) => <button>Acción {agent.name}</button>} />);

    const grid = await screen.findByRole('list', { name: 'Agentes' });
    const cards = within(grid).getAllByRole('listitem');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Asesor Legal', 'Analista Financiero']);
    expect(within(cards[1]!).getByText('49,90 €')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Gratis')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: 'Ver detalles: Asesor Legal' })).toHaveAttribute(
      'href',
      '/marketplace/agent/agente-legal',
    );
    expect(within(cards[0]!).getByRole('button', { name: 'Acción Asesor Legal' })).toBeInTheDocument();
    expect(screen.getByText('Mostrando 2 de 2 resultados')).toBeInTheDocument();
    expect(lastAgentsQuery(api)).toEqual({ minPrice: '0', maxPrice: '1000', sortBy: 'popularity', page: '1', limit: '24' });
  });

  it('shows 1 to 4 columns depending on the width available', () => {
    expect(Object.values(GRID_COLUMNS)).toEqual([1, 2, 3, 4]);
  });

  it('applies the category and sort at once and the trimmed search after a pause', async () => {
    const api = mockApi().on('GET', '/marketplace/agents', { body: page([legal]) });
    renderWithProviders(<MarketplacePage />);
    await screen.findByRole('list', { name: 'Agentes' });

    await userEvent.click(screen.getByRole('textbox', { name: 'Ordenar por' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Precio: de mayor a menor' }));
    await waitFor(() => expect(lastAgentsQuery(api)).toMatchObject({ sortBy: 'price-high' }));

    await userEvent.click(screen.getByRole('textbox', { name: 'Categoría' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Finanzas' }));
    await waitFor(() => expect(lastAgentsQuery(api)).toMatchObject({ category: 'finance', sortBy: 'price-high' }));

    jest.useFakeTimers();
    try {
      const before = api.callsTo('GET', '/marketplace/agents').length;
      fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: '  contratos  ' } });
      act(() => {
        jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 10);
      });
      expect(api.callsTo('GET', '/marketplace/agents')).toHaveLength(before);
      await act(async () => {
        jest.advanceTimersByTime(20);
      });
      expect(lastAgentsQuery(api)).toMatchObject({ search: 'contratos', category: 'finance' });
    } finally {
      jest.useRealTimers();
    }

    await userEvent.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    await waitFor(() =>
      expect(lastAgentsQuery(api)).toEqual({ minPrice: '0', maxPrice: '1000', sortBy: 'popularity', page: '1', limit: '24' }),
    );
  });

  it("says 'Error al cargar los datos del marketplace' when loading fails, and retries", async () => {
    let fail = true;
    mockApi().on('GET', '/marketplace/agents', () => (fail ? { status: 500, body: { message: 'boom' } } : { body: page([legal]) }));
    renderWithProviders(<MarketplacePage />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar los datos del marketplace');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('listitem', { name: 'Asesor Legal' })).toBeInTheDocument();
  });

  it("with no filter set, an empty marketplace says there is nothing yet, not 'con estos filtros'", async () => {
    mockApi()
      .on('GET', '/marketplace/agents', { body: page([]) })
      .on('GET', '/marketplace/ecosystems', { body: page([]) });
    renderWithProviders(<MarketplacePage />);
    expect(await screen.findByText('Todavía no hay agentes publicados en el marketplace.')).toBeInTheDocument();
    expect(screen.queryByText(/con estos filtros/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Ecosistemas' }));
    expect(await screen.findByText('Todavía no hay ecosistemas publicados en el marketplace.')).toBeInTheDocument();
    expect(screen.queryByText(/con estos filtros/)).not.toBeInTheDocument();
    // The sort only orders: it filters nothing out.
    await userEvent.click(screen.getByRole('textbox', { name: 'Ordenar por' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Precio: de menor a mayor' }));
    expect(await screen.findByText('Todavía no hay ecosistemas publicados en el marketplace.')).toBeInTheDocument();
  });

  it("with a filter set, says no agent matches these filters and offers to clear them", async () => {
    const api = mockApi().on('GET', '/marketplace/agents', (call) =>
      call.url.searchParams.get('category') === 'hr' ? { body: page([]) } : { body: page([legal]) },
    );
    renderWithProviders(<MarketplacePage />);
    await screen.findByRole('listitem', { name: 'Asesor Legal' });
    await userEvent.click(screen.getByRole('textbox', { name: 'Categoría' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Recursos humanos' }));

    expect(await screen.findByText('No se encontraron agentes con estos filtros.')).toBeInTheDocument();
    expect(screen.queryByText('Todavía no hay agentes publicados en el marketplace.')).not.toBeInTheDocument();
    const emptyReset = screen.getAllByRole('button', { name: 'Limpiar filtros' }).find((button) => !button.closest('section'));
    await userEvent.click(emptyReset!);
    expect(await screen.findByRole('listitem', { name: 'Asesor Legal' })).toBeInTheDocument();
    expect(lastAgentsQuery(api)).toEqual({ minPrice: '0', maxPrice: '1000', sortBy: 'popularity', page: '1', limit: '24' });
  });

  /** Shows the address, as the browser's bar would. */
  function Address() {
    const location = useLocation();
    return <output aria-label="Dirección">{`${location.pathname}${location.search}`}</output>;
  }

  it('opened from an address with filters (a reload, a shared link), shows and asks for those filters', async () => {
    const api = mockApi()
      .on('GET', '/marketplace/agents', { body: page([finance]) })
      .on('GET', '/marketplace/ecosystems', { body: page([ecosystemFixture()]) });
    renderWithProviders(<MarketplacePage />, {
      route: '/marketplace?category=finance&search=contratos&sortBy=price-high&minPrice=10&maxPrice=50',
    });

    await screen.findByRole('listitem', { name: 'Analista Financiero' });
    const calls = api.callsTo('GET', '/marketplace/agents');
    // The very first request is already the address's: no unfiltered request before it.
    expect(calls.map((call) => Object.fromEntries(call.url.searchParams))).toEqual([
      { category: 'finance', search: 'contratos', minPrice: '10', maxPrice: '50', sortBy: 'price-high', page: '1', limit: '24' },
    ]);
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('contratos');
    expect(screen.getByRole('textbox', { name: 'Categoría' })).toHaveValue('Finanzas');
    expect(screen.getByRole('textbox', { name: 'Ordenar por' })).toHaveValue('Precio: de mayor a menor');
    expect(screen.getByRole('textbox', { name: 'Precio mínimo' })).toHaveValue('10 €');
    expect(screen.getByRole('textbox', { name: 'Precio máximo' })).toHaveValue('50 €');
    expect(screen.getByRole('tab', { name: 'Agentes' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opened from an address on the ecosystems tab, shows that tab', async () => {
    const api = mockApi()
      .on('GET', '/marketplace/agents', { body: page([legal]) })
      .on('GET', '/marketplace/ecosystems', { body: page([ecosystemFixture()]) });
    renderWithProviders(<MarketplacePage />, { route: '/marketplace?tab=ecosystems&sortBy=price-low' });

    expect(await screen.findByRole('listitem', { name: 'Pyme Completa' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Ecosistemas' })).toHaveAttribute('aria-selected', 'true');
    expect(api.callsTo('GET', '/marketplace/ecosystems')[0]!.url.searchParams.get('sortBy')).toBe('price-low');
    expect(api.callsTo('GET', '/marketplace/agents')).toHaveLength(0);
  });

  it('writes each filter and the tab into the address, and a reset takes them out', async () => {
    mockApi()
      .on('GET', '/marketplace/agents', { body: page([legal]) })
      .on('GET', '/marketplace/ecosystems', { body: page([ecosystemFixture()]) });
    renderWithProviders(
      <>
        <MarketplacePage />
        <Address />
      </>,
      { route: '/marketplace' },
    );
    await screen.findByRole('listitem', { name: 'Asesor Legal' });
    const address = screen.getByRole('status', { name: 'Dirección' });
    expect(address).toHaveTextContent(/^\/marketplace$/);

    await userEvent.click(screen.getByRole('textbox', { name: 'Categoría' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Finanzas' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'contratos laborales');
    await userEvent.click(screen.getByRole('textbox', { name: 'Ordenar por' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Valoración' }));
    const max = screen.getByRole('textbox', { name: 'Precio máximo' });
    await userEvent.clear(max);
    await userEvent.type(max, '200');

    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(address.textContent!.split('?')[1]))).toEqual({
        category: 'finance',
        search: 'contratos laborales',
        sortBy: 'rating',
        maxPrice: '200',
      }),
    );
    // Typed letter by letter, every one kept: the field is not reset by the address catching up.
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('contratos laborales');

    await userEvent.click(screen.getByRole('tab', { name: 'Ecosistemas' }));
    await waitFor(() => expect(address.textContent).toContain('tab=ecosystems'));

    await userEvent.click(screen.getAllByRole('button', { name: 'Limpiar filtros' })[0]!);
    await waitFor(() => expect(address).toHaveTextContent(/^\/marketplace\?tab=ecosystems$/));
  });

  it("under the app's data router, keeps every letter typed while the address follows, and back/forward restore the filters", async () => {
    const api = mockApi().on('GET', '/marketplace/agents', { body: page([legal]) });
    const store = createStore();
    store.set(runtimeConfigAtom, loadedRuntimeConfig);
    const router = createMemoryRouter(
      [
        { path: '/marketplace', element: <MarketplacePage /> },
        { path: '/marketplace/agent/:id', element: <p>Detalle</p> },
      ],
      { initialEntries: ['/marketplace'] },
    );
    render(
      <MantineProvider defaultColorScheme="dark" env="test">
        <QueryClientProvider client={createQueryClient()}>
          <JotaiProvider store={store}>
            <RouterProvider router={router} />
          </JotaiProvider>
        </QueryClientProvider>
      </MantineProvider>,
    );
    await screen.findByRole('listitem', { name: 'Asesor Legal' });
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    await userEvent.type(search, 'asesor de contratos', { delay: null });
    expect(search).toHaveValue('asesor de contratos');
    await waitFor(() => expect(router.state.location.search).toBe('?search=asesor+de+contratos'));
    // Replaced, not pushed: typing leaves one entry in the history.
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(lastAgentsQuery(api)).toMatchObject({ search: 'asesor de contratos' }));

    await userEvent.click(screen.getByRole('link', { name: 'Ver detalles: Asesor Legal' }));
    await screen.findByText('Detalle');
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('searchbox', { name: 'Buscar' })).toHaveValue('asesor de contratos');
    expect(router.state.location.search).toBe('?search=asesor+de+contratos');
  });

  it('follows the address when it changes from outside (a link to other filters)', async () => {
    const api = mockApi().on('GET', '/marketplace/agents', { body: page([legal]) });
    renderWithProviders(
      <>
        <MarketplacePage />
        <Link to="/marketplace?category=tech">Tecnología</Link>
      </>,
      { route: '/marketplace?search=contratos' },
    );
    await screen.findByRole('listitem', { name: 'Asesor Legal' });
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('contratos');

    await userEvent.click(screen.getByRole('link', { name: 'Tecnología' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Categoría' })).toHaveValue('Tecnología'));
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('');
    await waitFor(() => expect(lastAgentsQuery(api)).toEqual({ category: 'tech', minPrice: '0', maxPrice: '1000', sortBy: 'popularity', page: '1', limit: '24' }));
  });

  it('loads the next page on demand', async () => {
    const api = mockApi().on('GET', '/marketplace/agents', (call) =>
      call.url.searchParams.get('page') === '2' ? { body: { ...page([finance], 2), page: 2 } } : { body: page([legal], 2) },
    );
    renderWithProviders(<MarketplacePage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cargar más' }));
    expect(await screen.findByRole('listitem', { name: 'Analista Financiero' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();
    expect(lastAgentsQuery(api)).toMatchObject({ page: '2' });
  });

  it("writes the pages loaded with 'Cargar más' into the address, and an address with page=N loads them again", async () => {
    const agents = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) => agentFixture({ id: `agente-${from + index}`, name: `Agente ${from + index}` }));
    const reply = (pageNumber: number) => ({ body: { items: agents((pageNumber - 1) * 24, pageNumber === 3 ? 2 : 24), total: 50, page: pageNumber, limit: 24 } });
    const api = mockApi().on('GET', '/marketplace/agents', (call) => reply(Number(call.url.searchParams.get('page'))));
    const first = renderWithProviders(
      <>
        <MarketplacePage />
        <Address />
      </>,
      { route: '/marketplace?category=tech' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Cargar más' }));
    expect(await screen.findByText('Mostrando 48 de 50 resultados')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status', { name: 'Dirección' })).toHaveTextContent('/marketplace?category=tech&page=2'));
    // Another filter starts again at page 1.
    await userEvent.click(screen.getByRole('textbox', { name: 'Ordenar por' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Valoración' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Dirección' })).toHaveTextContent('/marketplace?category=tech&sortBy=rating'));
    expect(await screen.findByText('Mostrando 24 de 50 resultados')).toBeInTheDocument();
    first.unmount();

    // Reloaded (or shared) with page=3: the three pages, one after another.
    const before = api.callsTo('GET', '/marketplace/agents').length;
    renderWithProviders(<MarketplacePage />, { route: '/marketplace?category=tech&page=3' });
    expect(await screen.findByText('Mostrando 50 de 50 resultados')).toBeInTheDocument();
    const sent = api.callsTo('GET', '/marketplace/agents').slice(before).map((call) => call.url.searchParams.get('page'));
    expect(sent).toEqual(['1', '2', '3']);
    expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();
  });

  it("says 'más de 1.000' when the server counted only that far, and offers more while pages come full", async () => {
    const agents = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) => agentFixture({ id: `agente-${from + index}`, name: `Agente ${from + index}` }));
    mockApi().on('GET', '/marketplace/agents', (call) =>
      call.url.searchParams.get('page') === '2'
        ? { body: { items: agents(24, 3), total: 1000, totalIsExact: false, page: 2, limit: 24 } }
        : { body: { items: agents(0, 24), total: 1000, totalIsExact: false, page: 1, limit: 24 } },
    );
    renderWithProviders(<MarketplacePage />);
    expect(await screen.findByText('Mostrando 24 de más de 1.000 resultados')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(await screen.findByText('Mostrando 27 de más de 1.000 resultados')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();
  });

  it('lists ecosystems with their discounted price, with no rating sort', async () => {
    const api = mockApi()
      .on('GET', '/marketplace/agents', { body: page([legal]) })
      .on('GET', '/marketplace/ecosystems', { body: page([ecosystemFixture()]) });
    renderWithProviders(<MarketplacePage />);
    await screen.findByRole('list', { name: 'Agentes' });

    await userEvent.click(screen.getByRole('textbox', { name: 'Ordenar por' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Valoración' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Ecosistemas' }));

    const card = await screen.findByRole('listitem', { name: 'Pyme Completa' });
    expect(within(card).getByText('80 €')).toBeInTheDocument();
    expect(within(card).getByText('-20 %')).toBeInTheDocument();
    expect(within(card).getByText('1 agente')).toBeInTheDocument();
    const calls = api.callsTo('GET', '/marketplace/ecosystems');
    expect(calls[calls.length - 1]!.url.searchParams.get('sortBy')).toBe('popularity');
    expect(screen.getByRole('textbox', { name: 'Ordenar por' })).toHaveValue('Popularidad');
    await userEvent.click(screen.getByRole('textbox', { name: 'Ordenar por' }));
    expect(screen.queryByRole('option', { name: 'Valoración' })).not.toBeInTheDocument();
  });

  it('refuses a minimum price above the maximum next to the fields and does not query it', async () => {
    const api = mockApi().on('GET', '/marketplace/agents', { body: page([legal]) });
    renderWithProviders(<MarketplacePage />);
    await screen.findByRole('list', { name: 'Agentes' });
    const before = api.callsTo('GET', '/marketplace/agents').length;

    const max = screen.getByRole('textbox', { name: 'Precio máximo' });
    await userEvent.clear(max);
    await userEvent.type(max, '5');
    const min = screen.getByRole('textbox', { name: 'Precio mínimo' });
    await userEvent.clear(min);
    await userEvent.type(min, '20');

    expect(await screen.findByText('El precio mínimo no puede ser mayor que el máximo.')).toBeInTheDocument();
    expect(min).toHaveAttribute('aria-invalid', 'true');
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 100));
    const sent = api.callsTo('GET', '/marketplace/agents').slice(before).map((call) => Object.fromEntries(call.url.searchParams));
    expect(sent.filter((query) => query.minPrice === '20' || query.maxPrice === '20')).toEqual([]);

    await userEvent.clear(min);
    await userEvent.type(min, '2');
    await waitFor(() => expect(lastAgentsQuery(api)).toMatchObject({ minPrice: '2', maxPrice: '5' }));
    expect(screen.queryByText('El precio mínimo no puede ser mayor que el máximo.')).not.toBeInTheDocument();
  });

  it('shows and takes prices with a decimal comma (9,5 €, not 9.5)', async () => {
    const api = mockApi().on('GET', '/marketplace/agents', { body: page([legal]) });
    renderWithProviders(<MarketplacePage />, { route: '/marketplace?maxPrice=49.9' });
    await screen.findByRole('list', { name: 'Agentes' });
    expect(screen.getByRole('textbox', { name: 'Precio máximo' })).toHaveValue('49,9 €');
    expect(screen.getByText('0 € – 49,90 €')).toBeInTheDocument();

    const min = screen.getByRole('textbox', { name: 'Precio mínimo' });
    await userEvent.clear(min);
    await userEvent.type(min, '9,5');
    expect(min).toHaveValue('9,5 €');
    await waitFor(() => expect(lastAgentsQuery(api)).toMatchObject({ minPrice: '9.5', maxPrice: '49.9' }));
  });

  it('points the minimum price at the error with aria-describedby, and marks both fields invalid', async () => {
    mockApi().on('GET', '/marketplace/agents', { body: page([legal]) });
    renderWithProviders(<MarketplacePage />);
    await screen.findByRole('list', { name: 'Agentes' });
    const min = screen.getByRole('textbox', { name: 'Precio mínimo' });
    const max = screen.getByRole('textbox', { name: 'Precio máximo' });
    await userEvent.clear(max);
    await userEvent.type(max, '5');
    await userEvent.clear(min);
    await userEvent.type(min, '20');

    const error = await screen.findByText('El precio mínimo no puede ser mayor que el máximo.');
    expect(min).toHaveAttribute('aria-describedby', error.id);
    expect(min).toHaveAccessibleDescription('El precio mínimo no puede ser mayor que el máximo.');
    expect(max).toHaveAttribute('aria-invalid', 'true');
  });

  it("on a phone, folds the filters into a drawer opened by 'Filtros', which counts the filters in use", async () => {
    const api = mockApi().on('GET', '/marketplace/agents', { body: page([legal]) });
    renderWithProviders(<MarketplacePage />);
    await screen.findByRole('list', { name: 'Agentes' });

    const button = screen.getByRole('button', { name: 'Filtros' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Filtros' });
    await userEvent.click(within(drawer).getByRole('textbox', { name: 'Categoría' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Tecnología' }));
    await waitFor(() => expect(lastAgentsQuery(api)).toMatchObject({ category: 'tech' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Ver resultados' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filtros' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Filtros 1' })).toBeInTheDocument();
  });

  /**
   * Two pages loaded with 'Cargar más', then the second page's agent opened; its page has one
   * button, named `leaveName`, that leaves by `leave`. Resolves with the listing calls made until then.
   */
  async function openAgentAfterTwoPages(leaveName: string, leave: (navigate: ReturnType<typeof useNavigate>) => void) {
    const api = mockApi().on('GET', '/marketplace/agents', (call) =>
      call.url.searchParams.get('page') === '2' ? { body: { ...page([finance], 3), page: 2 } } : { body: page([legal], 3) },
    );
    function AgentPage() {
      const navigate = useNavigate();
      return <button onClick={() => leave(navigate)}>{leaveName}</button>;
    }
    renderWithProviders(
      <Routes>
        <Route path="/marketplace" element={<MarketplacePage />} />
        <Route path="/marketplace/agent/:id" element={<AgentPage />} />
      </Routes>,
      { route: '/marketplace' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Cargar más' }));
    await screen.findByRole('listitem', { name: 'Analista Financiero' });
    const calls = api.callsTo('GET', '/marketplace/agents').length;
    await userEvent.click(screen.getByRole('link', { name: 'Ver detalles: Analista Financiero' }));
    return { api, calls };
  }

  it("coming back from an agent's page keeps every page loaded with 'Cargar más', without loading them again", async () => {
    const { api, calls } = await openAgentAfterTwoPages('Atrás', (navigate) => void navigate(-1));
    await userEvent.click(await screen.findByRole('button', { name: 'Atrás' }));

    const cards = within(screen.getByRole('list', { name: 'Agentes' })).getAllByRole('listitem');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Asesor Legal', 'Analista Financiero']);
    expect(screen.getByText('Mostrando 2 de 3 resultados')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cargar más' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/marketplace/agents')).toHaveLength(calls);
  });

  it('opened again through a link, the grid loads afresh from page 1', async () => {
    const { api, calls } = await openAgentAfterTwoPages('Marketplace', (navigate) => void navigate('/marketplace'));
    await userEvent.click(await screen.findByRole('button', { name: 'Marketplace' }));

    expect(await screen.findByText('Mostrando 1 de 3 resultados')).toBeInTheDocument();
    const sent = api.callsTo('GET', '/marketplace/agents').slice(calls);
    expect(sent.map((call) => call.url.searchParams.get('page'))).toEqual(['1']);
  });
});
