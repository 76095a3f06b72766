import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../../test/api-mock';
import { agentFixture, ecosystemFixture, page } from '../../../../test/fixtures';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { renderWithProviders } from '../../../../test/render';
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

  it('says so when no agent matches', async () => {
    mockApi().on('GET', '/marketplace/agents', { body: page([]) });
    renderWithProviders(<MarketplacePage />);
    expect(await screen.findByText('No se encontraron agentes con estos filtros.')).toBeInTheDocument();
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
