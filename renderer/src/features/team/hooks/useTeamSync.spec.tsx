import { screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { ToastViewport } from '../../../shared/ui';
import { teamKeys, type TeamEcosystems } from '../api/teamQueries';
import { LocalModeNotice } from '../components/LocalModeNotice';
import { MyAgentsSection, SelectedAgentsBadge } from '../components/SidebarTeam';
import { LOCAL_ECOSYSTEMS_KEY_PREFIX, type TeamOwner } from '../state/teamAtoms';
import { useTeamSync } from './useTeamSync';

function Sync({ owner }: { owner: TeamOwner }) {
  useTeamSync(owner);
  return (
    <>
      <SelectedAgentsBadge />
      <MyAgentsSection />
      <LocalModeNotice />
      <ToastViewport />
    </>
  );
}

const ana: TeamOwner = { status: 'user', userId: 'sub-ana' };
const legalLink = { agentId: 'agente-legal', name: 'Asesor Legal', category: 'legal', description: 'x', avatar: null, addedAt: '2026-01-01' };
const noAgents = { body: { items: [], total: 0, page: 1, limit: 100 } };

function render(owner: TeamOwner) {
  const { rerender, queryClient } = renderWithProviders(<Sync owner={owner} />, { store: createStore() });
  const team = () => ({
    agents: queryClient.getQueryData(teamKeys.agents('sub-ana')),
    ecosystems: queryClient.getQueryData<TeamEcosystems>(teamKeys.ecosystems('sub-ana')),
    created: queryClient.getQueryData(teamKeys.created('sub-ana')),
  });
  const settled = () => waitFor(() => expect(queryClient.isFetching()).toBe(0));
  return { queryClient, rerender, team, settled };
}

describe('useTeamSync', () => {
  it("loads the user's team, ecosystems and own agents", async () => {
    const api = mockApi()
      .on('GET', '/user-agents/sub-ana', { body: [legalLink] })
      .on('GET', '/user-ecosystems/sub-ana', { body: [] })
      .on('GET', '/agents', { body: { items: [{ id: 'mio', name: 'Mi agente', category: 'tech', avatar: null, price: 0 }], total: 1, page: 1, limit: 100 } });
    const { team } = render(ana);

    await waitFor(() => expect(team().created).toEqual([{ id: 'mio', name: 'Mi agente', category: 'tech', avatar: null }]));
    await waitFor(() => expect(team().agents).toEqual([legalLink]));
    expect(api.callsTo('GET', '/agents')[0]!.url.searchParams.get('creator')).toBe('sub-ana');
  });

  it("lists all of a creator's own agents, past the server's 100 per answer", async () => {
    const agent = (n: number) => ({ id: `a${n}`, name: `Agente ${n}`, category: 'tech', avatar: null });
    const api = mockApi()
      .on('GET', '/user-agents/sub-ana', { body: [] })
      .on('GET', '/user-ecosystems/sub-ana', { body: [] })
      .on('GET', '/agents', (call) => {
        const page = Number(call.url.searchParams.get('page'));
        const items = Array.from({ length: page === 1 ? 100 : 30 }, (_, index) => agent((page - 1) * 100 + index));
        return { body: { items, total: 130, totalIsExact: true, page, limit: 100 } };
      });
    const { team } = render(ana);

    await waitFor(() => expect(team().created).toHaveLength(130));
    expect((team().created as unknown[]).at(-1)).toEqual(agent(129));
    expect(api.callsTo('GET', '/agents').map((call) => call.url.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('treats a 404 on the user agents and user ecosystems as an empty team', async () => {
    mockApi().on('GET', '/agents', noAgents);
    const { team, settled } = render(ana);
    await waitFor(() => expect(team().ecosystems).toEqual({ ecosystems: [], localMode: false }));
    await settled();
    expect(team().agents).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("falls back to this device's ecosystems in modo local when the ecosystem API fails", async () => {
    const local = [{ userId: 'sub-ana', ecosystemId: 'eco-pyme', name: 'Pyme', category: 'general', description: 'x', avatar: null, addedAt: '2026-01-01', local: true }];
    localStorage.setItem(`${LOCAL_ECOSYSTEMS_KEY_PREFIX}sub-ana`, JSON.stringify(local));
    mockApi()
      .on('GET', '/user-agents/sub-ana', { body: [] })
      .on('GET', '/agents', noAgents)
      .on('GET', '/user-ecosystems/sub-ana', { status: 503 });
    const { team } = render(ana);

    expect(await screen.findByText('Modo local')).toBeInTheDocument();
    expect(team().ecosystems).toEqual({ ecosystems: local, localMode: true });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says 'Error al cargar los datos del usuario' when the team cannot be loaded", async () => {
    mockApi()
      .on('GET', '/user-agents/sub-ana', { status: 500 })
      .on('GET', '/user-ecosystems/sub-ana', { body: [] })
      .on('GET', '/agents', noAgents);
    const { queryClient } = render(ana);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar los datos del usuario');
    expect(queryClient.getQueryState(teamKeys.agents('sub-ana'))?.status).toBe('error');
  });

  it("says so too when the user's own agents cannot be loaded, and does not take them for none", async () => {
    mockApi()
      .on('GET', '/user-agents/sub-ana', { body: [] })
      .on('GET', '/user-ecosystems/sub-ana', { body: [] })
      .on('GET', '/agents', { status: 500 });
    render(ana);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar los datos del usuario');
    expect(screen.queryByRole('link', { name: 'Crear mi primer agente' })).not.toBeInTheDocument();
  });

  it('empties the team when the user signs out', async () => {
    mockApi()
      .on('GET', '/user-agents/sub-ana', { body: [legalLink] })
      .on('GET', '/user-ecosystems/sub-ana', { body: [] })
      .on('GET', '/agents', noAgents);
    const { rerender } = render(ana);
    expect(await screen.findByTestId('selected-agents-badge')).toHaveTextContent('1');
    rerender(<Sync owner={{ status: 'visitor' }} />);
    await waitFor(() => expect(screen.queryByTestId('selected-agents-badge')).not.toBeInTheDocument());
    expect(screen.queryByText('Asesor Legal')).not.toBeInTheDocument();
  });

  it('calls nothing for a visitor', () => {
    const api = mockApi();
    render({ status: 'visitor' });
    expect(api.calls).toHaveLength(0);
  });
});
