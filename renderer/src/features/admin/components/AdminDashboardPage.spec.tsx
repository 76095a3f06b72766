import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { AdminDashboardPage } from './AdminDashboardPage';

const admin = (path: string) => `-admin${path}`;
/** Intl writes a no-break space before the euro sign. */
const cellText = (cell: HTMLElement) => (cell.textContent ?? '').replace(/\u00a0/g, ' ');

const DAYS = [
  { date: '2026-11-23', signUps: 4, activeUsers: 10, conversations: 6, messages: 40, tokens: 12000, subscriptions: 1, revenue: 1999 },
  { date: '2026-11-22', signUps: 2, activeUsers: 8, conversations: 3, messages: 21, tokens: 5300, subscriptions: 2, revenue: 3998 },
];

function server() {
  return mockApi()
    .on('GET', admin('/metrics/users'), {
      body: {
        period: '30d',
        totalUsers: 1250,
        confirmedUsers: 1200,
        unconfirmedUsers: 40,
        disabledUsers: 10,
        adminUsers: 2,
        newUsers: 30,
        activeUsers: 300,
      },
    })
    .on('GET', admin('/metrics/agents'), { body: { totalAgents: 3, publicAgentsCount: 2, privateAgentsCount: 1, agents: [] } })
    .on('GET', admin('/metrics/detailed'), { body: { period: '30d', granularity: 'day', days: DAYS, currency: 'eur' } })
    .on('GET', admin('/metrics/margins'), {
      body: {
        currency: 'eur',
        pricesConfigured: false,
        agents: [{ agentId: 'a1', name: 'Asesor Legal', revenue: 4997, inputTokens: 1500, outputTokens: 32000, modelCost: null, margin: null }],
      },
    });
}

describe('AdminDashboardPage', () => {
  it('shows the cards for users, agents, revenue and subscriptions', async () => {
    server();
    renderWithProviders(<AdminDashboardPage />);
    expect(await screen.findByText('1250')).toBeInTheDocument();
    expect(screen.getByText('1200 confirmados · 10 deshabilitados')).toBeInTheDocument();
    expect(screen.getByText('2 públicos · 1 privado')).toBeInTheDocument();
    expect(await screen.findByText('59,97 €')).toBeInTheDocument();
  });

  it('draws the daily charts with a caption, and gives the same figures as a table, oldest day first', async () => {
    server();
    const { container } = renderWithProviders(<AdminDashboardPage />);
    const table = await screen.findByRole('table', { name: 'Métricas por día' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getAllByRole('cell').map(cellText)).toEqual([
      '22/11/2026', '2', '8', '3', '21', '5300', '2', '39,98 €',
    ]);
    expect(within(rows[1]).getAllByRole('cell')[5]).toHaveTextContent('12.000');

    for (const name of ['Actividad por día', 'Mensajes y tokens por día', 'Ingresos por día']) {
      const figure = screen.getByRole('figure', { name });
      expect(figure.querySelector('.recharts-responsive-container')).not.toBeNull();
      expect(within(figure).getByText(/Las mismas cifras están en la tabla siguiente/)).toBeInTheDocument();
    }
    expect(container.querySelectorAll('figure')).toHaveLength(3);
  });

  it('lists the revenue and tokens per agent, and says that cost and margin need token prices', async () => {
    server();
    renderWithProviders(<AdminDashboardPage />);
    const table = await screen.findByRole('table', { name: 'Margen por agente' });
    expect(within(within(table).getAllByRole('row')[1]).getAllByRole('cell').map(cellText)).toEqual([
      'Asesor Legal', '49,97 €', '1500', '32.000', '—', '—',
    ]);
    expect(screen.getByText(/Sin precios de tokens configurados/)).toBeInTheDocument();
  });

  it('shows the margin when token prices are configured, a loss in red', async () => {
    server().on('GET', admin('/metrics/margins'), {
      body: {
        currency: 'eur',
        pricesConfigured: true,
        agents: [{ agentId: 'a1', name: 'Asesor Legal', revenue: 1000, inputTokens: 10, outputTokens: 20, modelCost: 1250, margin: -250 }],
      },
    });
    renderWithProviders(<AdminDashboardPage />);
    const table = await screen.findByRole('table', { name: 'Margen por agente' });
    const cells = within(within(table).getAllByRole('row')[1]).getAllByRole('cell');
    expect(cells.map(cellText).slice(4)).toEqual(['12,50 €', '-2,50 €']);
    expect(screen.queryByText(/Sin precios de tokens configurados/)).toBeNull();
  });

  it('says when there is no activity yet, and shows a failed load with its message', async () => {
    server()
      .on('GET', admin('/metrics/detailed'), { body: { days: [] } })
      .on('GET', admin('/metrics/margins'), { status: 500, body: { message: 'Sin datos de costes' } });
    renderWithProviders(<AdminDashboardPage />);
    expect(await screen.findByText('Aún no hay actividad registrada.')).toBeInTheDocument();
    expect(await screen.findByText('Sin datos de costes')).toBeInTheDocument();
  });

  // Issue 31, item 9: the dashboard showed the last 30 days only.
  it('shows the period chosen: 30 days at first, then 12 months by month, the cards and margins too', async () => {
    const api = server();
    renderWithProviders(<AdminDashboardPage />);
    await screen.findByRole('table', { name: 'Métricas por día' });
    for (const path of ['/metrics/users', '/metrics/detailed', '/metrics/margins']) {
      expect(api.callsTo('GET', admin(path))[0].url.searchParams.get('period')).toBe('30d');
    }
    expect(screen.getByRole('radio', { name: '30 días' })).toBeChecked();
    expect(screen.getAllByRole('radio')).toHaveLength(4);

    api.on('GET', admin('/metrics/detailed'), {
      body: {
        period: '12m',
        granularity: 'month',
        currency: 'eur',
        days: [
          { date: '2026-10', signUps: 40, activeUsers: 90, conversations: 60, messages: 400, tokens: 120000, subscriptions: 10, revenue: 19990 },
          { date: '2026-11', signUps: 30, activeUsers: 80, conversations: 50, messages: 300, tokens: 90000, subscriptions: 5, revenue: 9995 },
        ],
      },
    });
    await userEvent.click(screen.getByRole('radio', { name: '12 meses' }));
    const table = await screen.findByRole('table', { name: 'Métricas por mes' });
    expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent('Mes');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getAllByRole('cell').map(cellText)[0]).toBe('octubre de 2026');
    expect(screen.getByRole('figure', { name: 'Actividad por mes' })).toBeInTheDocument();
    // The cards add up the period shown.
    expect(await screen.findByText('299,85 €')).toBeInTheDocument();
    await waitFor(() => {
      for (const path of ['/metrics/users', '/metrics/detailed', '/metrics/margins']) {
        expect(api.callsTo('GET', admin(path)).at(-1)!.url.searchParams.get('period')).toBe('12m');
      }
    });
  });
});
