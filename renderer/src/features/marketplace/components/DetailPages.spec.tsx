import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../../test/api-mock';
import { agentFixture, ecosystemFixture } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { AgentDetailPage } from './AgentDetail';
import { EcosystemDetailPage } from './EcosystemDetail';

describe('AgentDetailPage', () => {
  it('shows the skills, capabilities, use cases, price and rating', async () => {
    const api = mockApi().on('GET', '/agents/agente-legal', {
      body: agentFixture({ price: 19.5, rating: 4.5, skills: ['Contratos', 'RGPD'], useCases: [] }),
    });
    renderWithProviders(<AgentDetailPage agentId="agente-legal" renderActions={() => <button>Añadir al equipo</button>} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Asesor Legal' })).toBeInTheDocument();
    const skills = screen.getByRole('region', { name: 'Habilidades' });
    expect(within(skills).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Contratos', 'RGPD']);
    expect(within(screen.getByRole('region', { name: 'Capacidades' })).getByText('Revisar cláusulas')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Casos de uso' })).getByText('Sin especificar')).toBeInTheDocument();
    expect(screen.getByTestId('agent-detail-price')).toHaveTextContent('19,50 €');
    expect(screen.getByText('★ 4,5 / 5 (12 valoraciones)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Añadir al equipo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Volver al marketplace/ })).toHaveAttribute('href', '/marketplace');
    expect(api.calls).toHaveLength(1);
  });

  it("says 'Agente no encontrado' for an unknown agent", async () => {
    mockApi();
    renderWithProviders(<AgentDetailPage agentId="no-existe" />);
    expect(await screen.findByRole('heading', { name: 'Agente no encontrado' })).toBeInTheDocument();
  });

  it('offers a retry when the server fails', async () => {
    mockApi().on('GET', '/agents/agente-legal', { status: 503 });
    renderWithProviders(<AgentDetailPage agentId="agente-legal" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar los datos del marketplace');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});

describe('EcosystemDetailPage', () => {
  it('shows its agents, its discount and the discounted price, skipping agents that are gone', async () => {
    mockApi()
      .on('GET', '/ecosystems/eco-pyme', {
        body: ecosystemFixture({ agentIds: ['agente-legal', 'agente-finanzas', 'borrado'], price: 120, discount: 25, monthlyPrice: 90 }),
      })
      .on('GET', '/agents/agente-legal', { body: agentFixture({ price: 50 }) })
      .on('GET', '/agents/agente-finanzas', { body: agentFixture({ id: 'agente-finanzas', name: 'Analista Financiero', price: 100 }) });
    renderWithProviders(<EcosystemDetailPage ecosystemId="eco-pyme" renderAgentActions={(agent) => <button>Carrito {agent.name}</button>} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Pyme Completa' })).toBeInTheDocument();
    expect(screen.getByTestId('ecosystem-discount')).toHaveTextContent('-25 %');
    expect(screen.getByTestId('ecosystem-final-price')).toHaveTextContent('90 €');
    expect(screen.getByText('150 €')).toBeInTheDocument();
    const agents = screen.getByRole('list', { name: 'Agentes del ecosistema' });
    expect(within(agents).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Asesor Legal',
      'Analista Financiero',
    ]);
    expect(screen.getByRole('button', { name: 'Carrito Analista Financiero' })).toBeInTheDocument();
    expect(screen.getByText('pyme')).toBeInTheDocument();
  });

  it('shows only its price when it has no discount', async () => {
    mockApi()
      .on('GET', '/ecosystems/eco-pyme', { body: ecosystemFixture({ agentIds: [], price: 14.99, discount: 0, monthlyPrice: 14.99 }) });
    renderWithProviders(<EcosystemDetailPage ecosystemId="eco-pyme" />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Pyme Completa' })).toBeInTheDocument();
    expect(screen.getByText('14,99 €')).toBeInTheDocument();
    expect(screen.queryByText('Descuento')).not.toBeInTheDocument();
    expect(screen.queryByTestId('ecosystem-final-price')).not.toBeInTheDocument();
  });

  it('offers a retry when one of its agents fails to load, instead of leaving the agent out', async () => {
    let fail = true;
    mockApi()
      .on('GET', '/ecosystems/eco-pyme', { body: ecosystemFixture({ agentIds: ['agente-legal'] }) })
      .on('GET', '/agents/agente-legal', () => (fail ? { status: 503, body: { message: 'El servicio no está disponible' } } : { body: agentFixture() }));
    renderWithProviders(<EcosystemDetailPage ecosystemId="eco-pyme" />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar los datos del marketplace');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    const agents = await screen.findByRole('list', { name: 'Agentes del ecosistema' });
    expect(within(agents).getByRole('listitem', { name: 'Asesor Legal' })).toBeInTheDocument();
  });

  it("says 'Ecosistema no encontrado' for an unknown ecosystem", async () => {
    mockApi();
    renderWithProviders(<EcosystemDetailPage ecosystemId="x" />);
    expect(await screen.findByRole('heading', { name: 'Ecosistema no encontrado' })).toBeInTheDocument();
  });
});
