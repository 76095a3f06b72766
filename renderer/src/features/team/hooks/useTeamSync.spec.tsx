import { screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { ToastViewport } from '../../../shared/ui';
import { LocalModeNotice } from '../components/LocalModeNotice';
import {
  createdAgentsAtom,
  localModeAtom,
  LOCAL_ECOSYSTEMS_KEY_PREFIX,
  teamAgentsAtom,
  teamEcosystemsAtom,
  teamStatusAtom,
  type TeamOwner,
} from '../state/teamAtoms';
import { useTeamSync } from './useTeamSync';

function Sync({ owner }: { owner: TeamOwner }) {
  useTeamSync(owner);
  return (
    <>
      <LocalModeNotice />
      <ToastViewport />
    </>
  );
}

const ana: TeamOwner = { status: 'user', userId: 'sub-ana' };
const legalLink = { agentId: 'agente-legal', name: 'Asesor Legal', category: 'legal', description: 'x', avatar: null, addedAt: '2026-01-01' };

function render(owner: TeamOwner) {
  const store = createStore();
  const { rerender } = renderWithProviders(<Sync owner={owner} />, { store });
  return { store, rerender };
}

describe('useTeamSync', () => {
  it("loads the user's team, ecosystems and own agents", async () => {
    const api = mockApi()
      .on('GET', '/user-agents/sub-ana', { body: [legalLink] })
      .on('GET', '/user-ecosystems/sub-ana', { body: [] })
      .on('GET', '/agents', { body: { items: [{ id: 'mio', name: 'Mi agente', category: 'tech', avatar: null, price: 0 }], total: 1, page: 1, limit: 100 } });
    const { store } = render(ana);

    await waitFor(() => expect(store.get(teamStatusAtom)).toBe('ready'));
    expect(store.get(teamAgentsAtom)).toEqual([legalLink]);
    expect(store.get(createdAgentsAtom)).toEqual([{ id: 'mio', name: 'Mi agente', category: 'tech', avatar: null }]);
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
    const { store } = render(ana);

    await waitFor(() => expect(store.get(createdAgentsAtom)).toHaveLength(130));
    expect(store.get(createdAgentsAtom).at(-1)).toEqual(agent(129));
    expect(api.callsTo('GET', '/agents').map((call) => call.url.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('treats a 404 on the user agents and user ecosystems as an empty team', async () => {
    mockApi().on('GET', '/agents', { body: { items: [], total: 0, page: 1, limit: 100 } });
    const { store } = render(ana);
    await waitFor(() => expect(store.get(teamStatusAtom)).toBe('ready'));
    expect(store.get(teamAgentsAtom)).toEqual([]);
    expect(store.get(teamEcosystemsAtom)).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("falls back to this device's ecosystems in modo local when the ecosystem API fails", async () => {
    const local = [{ userId: 'sub-ana', ecosystemId: 'eco-pyme', name: 'Pyme', category: 'general', description: 'x', avatar: null, addedAt: '2026-01-01', local: true }];
    localStorage.setItem(`${LOCAL_ECOSYSTEMS_KEY_PREFIX}sub-ana`, JSON.stringify(local));
    mockApi()
      .on('GET', '/user-agents/sub-ana', { body: [] })
      .on('GET', '/agents', { body: { items: [], total: 0, page: 1, limit: 100 } })
      .on('GET', '/user-ecosystems/sub-ana', { status: 503 });
    const { store } = render(ana);

    await waitFor(() => expect(store.get(teamStatusAtom)).toBe('ready'));
    expect(store.get(localModeAtom)).toBe(true);
    expect(store.get(teamEcosystemsAtom)).toEqual(local);
    expect(screen.getByText('Modo local')).toBeInTheDocument();
  });

  it("says 'Error al cargar los datos del usuario' when the team cannot be loaded", async () => {
    mockApi()
      .on('GET', '/user-agents/sub-ana', { status: 500 })
      .on('GET', '/user-ecosystems/sub-ana', { body: [] })
      .on('GET', '/agents', { body: { items: [], total: 0, page: 1, limit: 100 } });
    const { store } = render(ana);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar los datos del usuario');
    expect(store.get(teamStatusAtom)).toBe('error');
  });

  it('empties the team when the user signs out', async () => {
    mockApi()
      .on('GET', '/user-agents/sub-ana', { body: [legalLink] })
      .on('GET', '/user-ecosystems/sub-ana', { body: [] })
      .on('GET', '/agents', { body: { items: [], total: 0, page: 1, limit: 100 } });
    const { store, rerender } = render(ana);
    await waitFor(() => expect(store.get(teamAgentsAtom)).toHaveLength(1));
    rerender(<Sync owner={{ status: 'visitor' }} />);
    await waitFor(() => expect(store.get(teamAgentsAtom)).toHaveLength(0));
  });

  it('calls nothing for a visitor', () => {
    const api = mockApi();
    render({ status: 'visitor' });
    expect(api.calls).toHaveLength(0);
  });
});
