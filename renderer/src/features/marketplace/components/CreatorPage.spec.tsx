import { screen, within } from '@testing-library/react';
import { mockApi } from '../../../../test/api-mock';
import { agentFixture, ecosystemFixture } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { AgentCard } from './AgentCard';
import { CreatorPage } from './CreatorPage';

const CREATOR = {
  username: 'ana-garcia',
  name: 'ana-garcia',
  avatar: null,
  memberSince: '2026-03-15T10:00:00.000Z',
  rating: 4.3,
  ratingCount: 3,
  agents: [agentFixture({ id: 'a-1', name: 'Asesor de Hipotecas', createdBy: 'ana-garcia', creatorId: 'sub-ana', rating: 4, ratingCount: 2 })],
  ecosystems: [ecosystemFixture({ id: 'e-1', name: 'Pyme de Ana', createdBy: 'ana-garcia', creatorId: 'sub-ana' })],
};

describe('a creator’s page (/creadores/{username}, issue 34)', () => {
  it('shows the name, since when, the rating and the public agents and ecosystems as marketplace cards', async () => {
    mockApi().on('GET', '/creators/ana-garcia', { body: CREATOR });
    renderWithProviders(<CreatorPage username="ana-garcia" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'ana-garcia' })).toBeInTheDocument();
    expect(screen.getByText('Miembro desde marzo de 2026')).toBeInTheDocument();
    expect(screen.getByText('★ 4,3 / 5 (3 valoraciones)')).toBeInTheDocument();
    const agents = screen.getByRole('list', { name: 'Sus agentes' });
    expect(within(agents).getByRole('listitem', { name: 'Asesor de Hipotecas' })).toBeInTheDocument();
    const ecosystems = screen.getByRole('list', { name: 'Sus ecosistemas' });
    expect(within(ecosystems).getByRole('listitem', { name: 'Pyme de Ana' })).toBeInTheDocument();
  });

  it("says 'Creador no encontrado' for a name nobody has", async () => {
    mockApi().on('GET', '/creators/nadie', { status: 404, body: { statusCode: 404, message: 'Creador no encontrado', error: 'Not Found' } });
    renderWithProviders(<CreatorPage username="nadie" />);
    expect(await screen.findByRole('heading', { name: 'Creador no encontrado' })).toBeInTheDocument();
  });

  it('an agent’s card links to its creator’s page, except the platform’s own', () => {
    renderWithProviders(
      <>
        <AgentCard agent={agentFixture({ id: 'a-1', name: 'De Ana', createdBy: 'ana-garcia', creatorId: 'sub-ana' })} />
        <AgentCard agent={agentFixture({ id: 'a-2', name: 'De la plataforma', createdBy: 'system', creatorId: null })} />
      </>,
    );
    expect(screen.getByRole('link', { name: 'Ver la página de ana-garcia' })).toHaveAttribute('href', '/creadores/ana-garcia');
    expect(within(screen.getByRole('listitem', { name: 'De la plataforma' })).getByText('Creado por el equipo de la plataforma')).toBeInTheDocument();
  });
});
