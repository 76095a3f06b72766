import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { SEARCH_DEBOUNCE_MS, SupportCentrePage } from './SupportCentrePage';

const list = {
  categories: [
    { id: 'agentes', name: 'Agentes', count: 2 },
    { id: 'suscripciones-y-pagos', name: 'Suscripciones y pagos', count: 1 },
  ],
  articles: [
    { slug: 'crear-un-agente', title: 'Cómo crear un agente', category: 'Agentes', summary: 'Paso a paso.' },
    { slug: 'prompts-y-versiones', title: 'Prompts y versiones', category: 'Agentes', summary: 'Versiona tus prompts.' },
    { slug: 'pagos-con-tarjeta', title: 'Pagos con tarjeta', category: 'Suscripciones y pagos', summary: 'Stripe.' },
  ],
};

let api: ApiMock;
beforeEach(() => {
  api = mockApi()
    .on('GET', '/support/articles', { body: list })
    .on('GET', '/support/articles/crear-un-agente', {
      body: { ...list.articles[0], body: '## Antes de empezar\n\nNecesitas una **cuenta**. <script>alert(1)</script>' },
    })
    .on('GET', '/support/articles/no-existe', { status: 404, body: { message: 'Artículo no encontrado' } });
});

afterEach(() => jest.useRealTimers());

describe('SupportCentrePage', () => {
  it('lists the categories with counts and the articles', async () => {
    renderWithProviders(<SupportCentrePage />, { route: '/support' });
    expect(screen.getByRole('heading', { level: 1, name: 'Centro de soporte' })).toBeInTheDocument();
    const categories = await screen.findByRole('group', { name: 'Categorías' });
    expect(within(categories).getByRole('link', { name: 'Todas (3)' })).toBeInTheDocument();
    expect(within(categories).getByRole('link', { name: 'Agentes (2)' })).toHaveAttribute('href', '/support?category=agentes');
    expect(screen.getByRole('link', { name: 'Cómo crear un agente' })).toHaveAttribute('href', '/support?article=crear-un-agente');
    expect(screen.getByText('3 artículos')).toBeInTheDocument();
  });

  it('searches after the user stops typing and filters by category from the URL', async () => {
    jest.useFakeTimers();
    renderWithProviders(<SupportCentrePage />, { route: '/support?category=agentes' });
    await act(async () => {});
    expect(api.callsTo('GET', '/support/articles')[0]?.url.search).toBe('?category=agentes');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar en el centro de soporte' }), { target: { value: 'factura' } });
    await act(async () => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(api.callsTo('GET', '/support/articles')).toHaveLength(1);
    await act(async () => jest.advanceTimersByTime(1));
    const last = api.callsTo('GET', '/support/articles').at(-1)!;
    expect(last.url.searchParams.get('q')).toBe('factura');
    expect(last.url.searchParams.get('category')).toBe('agentes');
  });

  it('says so when nothing matches', async () => {
    api.on('GET', '/support/articles', { body: { categories: [], articles: [] } });
    renderWithProviders(<SupportCentrePage />, { route: '/support?q=zzz' });
    expect(await screen.findByText('No hay artículos que coincidan con tu búsqueda.')).toBeInTheDocument();
  });

  it('with no search and no category, an empty help centre says there is nothing yet', async () => {
    api.on('GET', '/support/articles', { body: { categories: [], articles: [] } });
    renderWithProviders(<SupportCentrePage />, { route: '/support' });
    expect(await screen.findByText('Todavía no hay artículos de ayuda.')).toBeInTheDocument();
    expect(screen.queryByText(/que coincidan/)).toBeNull();
  });

  it('opens an article from ?article= and renders its Markdown without raw HTML', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SupportCentrePage />, { route: '/support' });
    await user.click(await screen.findByRole('link', { name: 'Cómo crear un agente' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Cómo crear un agente' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Antes de empezar' })).toBeInTheDocument();
    expect(screen.getByText('cuenta').tagName).toBe('STRONG');
    expect(document.querySelector('article script')).toBeNull();
    await user.click(screen.getByRole('link', { name: /Volver al centro de soporte/ }));
    expect(await screen.findByRole('searchbox')).toBeInTheDocument();
  });

  it("shows 'Artículo no encontrado' for an unknown article", async () => {
    renderWithProviders(<SupportCentrePage />, { route: '/support?article=no-existe' });
    expect(await screen.findByRole('heading', { name: 'Artículo no encontrado' })).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    api.on('GET', '/support/articles', { status: 500, body: { message: 'Error interno' } });
    const user = userEvent.setup();
    renderWithProviders(<SupportCentrePage />, { route: '/support' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error interno');
    api.on('GET', '/support/articles', { body: list });
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('3 artículos')).toBeInTheDocument();
  });

  it('offers a retry when an article cannot be loaded', async () => {
    api.on('GET', '/support/articles/crear-un-agente', { status: 503, body: { message: 'El servicio no está disponible' } });
    const user = userEvent.setup();
    renderWithProviders(<SupportCentrePage />, { route: '/support?article=crear-un-agente' });
    expect(await screen.findByRole('alert')).toHaveTextContent('El servicio no está disponible');
    api.on('GET', '/support/articles/crear-un-agente', { body: { ...list.articles[0], body: 'Texto del artículo.' } });
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Texto del artículo.')).toBeInTheDocument();
  });
});
