import type { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { createQueryClient } from '../../../shared/api';
import { ToastViewport } from '../../../shared/ui';
import { teamKeys, type TeamAgentInput, type TeamEcosystemInput, type TeamEcosystems, type UserAgent, type UserEcosystem } from '../api/teamQueries';
import { AddAgentToTeamButton, EcosystemTeamButton, RemoveAgentFromTeamButton } from '../components/TeamButtons';
import { LOCAL_ECOSYSTEMS_KEY_PREFIX, teamOwnerAtom, type TeamOwner } from '../state/teamAtoms';

const agent: TeamAgentInput = { id: 'agente-legal', name: 'Asesor Legal', category: 'legal', description: 'Contratos', avatar: null };
const ecosystem: TeamEcosystemInput = { id: 'eco-pyme', name: 'Pyme Completa', category: 'general', description: 'Todo', avatar: null };
const pymeLink: UserEcosystem = { userId: 'sub-ana', ecosystemId: 'eco-pyme', name: 'Pyme Completa', category: 'general', description: 'Todo', avatar: null, addedAt: '2026-01-01' };
const ana: TeamOwner = { status: 'user', userId: 'sub-ana' };
const legalLink: UserAgent = { agentId: 'agente-legal', name: 'Asesor Legal', category: 'legal', description: 'Contratos', avatar: null, addedAt: '2026-01-01T00:00:00.000Z' };

/** The team as the screens read it: the query cache. */
function teamOf(queryClient: QueryClient) {
  const ecosystems = queryClient.getQueryData<TeamEcosystems>(teamKeys.ecosystems('sub-ana'));
  return {
    agents: queryClient.getQueryData<UserAgent[]>(teamKeys.agents('sub-ana')) ?? [],
    ecosystems: ecosystems?.ecosystems ?? [],
    localMode: ecosystems?.localMode ?? false,
  };
}

function renderWith(ui: ReactElement, owner: TeamOwner = ana, team: UserAgent[] = [], ecosystems: UserEcosystem[] = []) {
  const store = createStore();
  store.set(teamOwnerAtom, owner);
  const queryClient = createQueryClient();
  queryClient.setQueryData(teamKeys.agents('sub-ana'), team);
  queryClient.setQueryData<TeamEcosystems>(teamKeys.ecosystems('sub-ana'), { ecosystems, localMode: false });
  renderWithProviders(
    <>
      {ui}
      <ToastViewport />
    </>,
    { store, queryClient },
  );
  return queryClient;
}

describe('adding an agent to the team', () => {
  it('asks a visitor to sign in, without calling the server', async () => {
    const api = mockApi();
    renderWith(<AddAgentToTeamButton agent={agent} />, { status: 'visitor' });
    await userEvent.click(screen.getByRole('button', { name: 'Añadir al equipo: Asesor Legal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Debes iniciar sesión para añadir/eliminar agentes de tu equipo');
    expect(api.calls).toHaveLength(0);
  });

  it('posts the agent card for the signed-in user and shows it in the team', async () => {
    const api = mockApi()
      .on('POST', '/user-agents/sub-ana', { status: 201, body: legalLink })
      .on('GET', '/user-agents/sub-ana', { body: [legalLink] });
    const queryClient = renderWith(<AddAgentToTeamButton agent={agent} />);
    await userEvent.click(screen.getByRole('button', { name: 'Añadir al equipo: Asesor Legal' }));

    expect(await screen.findByText('Agente añadido a tu equipo')).toBeInTheDocument();
    expect(api.calls[0]!.body).toEqual({ agentId: 'agente-legal', name: 'Asesor Legal', category: 'legal', description: 'Contratos' });
    expect(teamOf(queryClient).agents.map((item) => item.agentId)).toEqual(['agente-legal']);
    // The change is asked for again from the server (invalidated after the mutation).
    await waitFor(() => expect(api.callsTo('GET', '/user-agents/sub-ana')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'En tu equipo: Asesor Legal' })).toHaveTextContent('En tu equipo');
  });

  it("refuses a duplicate with 'Este agente ya está en tu equipo' and no second call", async () => {
    const api = mockApi();
    renderWith(<AddAgentToTeamButton agent={agent} />, ana, [legalLink]);
    await userEvent.click(screen.getByRole('button', { name: 'En tu equipo: Asesor Legal' }));
    expect(await screen.findByText('Este agente ya está en tu equipo')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the same refusal when the server already has it (409)', async () => {
    mockApi()
      .on('POST', '/user-agents/sub-ana', { status: 409, body: { message: 'Este agente ya está en tu equipo' } })
      .on('GET', '/user-agents/sub-ana', { body: [legalLink] });
    const queryClient = renderWith(<AddAgentToTeamButton agent={agent} />);
    await userEvent.click(screen.getByRole('button', { name: 'Añadir al equipo: Asesor Legal' }));
    expect(await screen.findByText('Este agente ya está en tu equipo')).toBeInTheDocument();
    expect(teamOf(queryClient).agents).toHaveLength(1);
  });

  it.each([
    [500, 'Error al añadir el agente a tu equipo'],
    [404, 'Agente no encontrado'],
    [401, 'Debes iniciar sesión para añadir/eliminar agentes de tu equipo'],
  ])('reports a %s as %s', async (status, text) => {
    mockApi().on('POST', '/user-agents/sub-ana', { status, body: { message: 'x' } });
    const queryClient = renderWith(<AddAgentToTeamButton agent={agent} />);
    await userEvent.click(screen.getByRole('button', { name: 'Añadir al equipo: Asesor Legal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(teamOf(queryClient).agents).toHaveLength(0);
  });
});

describe('removing an agent from the team', () => {
  it('deletes it and drops it from the team', async () => {
    const api = mockApi()
      .on('DELETE', '/user-agents/sub-ana/agente-legal', { body: { success: true, id: 'agente-legal' } })
      .on('GET', '/user-agents/sub-ana', { body: [] });
    const queryClient = renderWith(<RemoveAgentFromTeamButton agent={agent} />, ana, [legalLink]);
    await userEvent.click(screen.getByRole('button', { name: 'Quitar del equipo: Asesor Legal' }));
    expect(await screen.findByText('Agente eliminado de tu equipo')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/user-agents/sub-ana/agente-legal')).toHaveLength(1);
    expect(teamOf(queryClient).agents).toHaveLength(0);
  });

  it("keeps it and says 'Error al eliminar el agente de tu equipo' when the server fails", async () => {
    mockApi().on('DELETE', '/user-agents/sub-ana/agente-legal', { status: 500 });
    const queryClient = renderWith(<RemoveAgentFromTeamButton agent={agent} />, ana, [legalLink]);
    await userEvent.click(screen.getByRole('button', { name: 'Quitar del equipo: Asesor Legal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al eliminar el agente de tu equipo');
    expect(teamOf(queryClient).agents).toHaveLength(1);
  });
});

describe('ecosystems in the team', () => {
  it('asks a visitor to sign in', async () => {
    mockApi();
    renderWith(<EcosystemTeamButton ecosystem={ecosystem} />, { status: 'visitor' });
    await userEvent.click(screen.getByRole('button', { name: 'Añadir ecosistema al equipo: Pyme Completa' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Debes iniciar sesión para añadir/eliminar ecosistemas de tu equipo');
  });

  it('adds one with its id, and refuses it twice', async () => {
    const api = mockApi()
      .on('POST', '/user-ecosystems/sub-ana', { status: 201, body: pymeLink })
      .on('GET', '/user-ecosystems/sub-ana', { body: [pymeLink] });
    const queryClient = renderWith(<EcosystemTeamButton ecosystem={ecosystem} />);
    await userEvent.click(screen.getByRole('button', { name: 'Añadir ecosistema al equipo: Pyme Completa' }));
    expect(await screen.findByText('Ecosistema añadido a tu equipo')).toBeInTheDocument();
    expect(api.calls[0]!.body).toEqual({ ecosystemId: 'eco-pyme' });
    expect(teamOf(queryClient).ecosystems).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Quitar ecosistema del equipo: Pyme Completa' })).toBeInTheDocument();
  });

  it("says 'Este ecosistema ya está en tu equipo' on a 409", async () => {
    mockApi().on('POST', '/user-ecosystems/sub-ana', { status: 409, body: { message: 'Este ecosistema ya está en tu equipo' } });
    renderWith(<EcosystemTeamButton ecosystem={ecosystem} />);
    await userEvent.click(screen.getByRole('button', { name: 'Añadir ecosistema al equipo: Pyme Completa' }));
    expect(await screen.findByText('Este ecosistema ya está en tu equipo')).toBeInTheDocument();
  });

  it("says 'Error al añadir el ecosistema' when the server refuses it", async () => {
    mockApi().on('POST', '/user-ecosystems/sub-ana', { status: 403, body: { message: 'Forbidden' } });
    const queryClient = renderWith(<EcosystemTeamButton ecosystem={ecosystem} />);
    await userEvent.click(screen.getByRole('button', { name: 'Añadir ecosistema al equipo: Pyme Completa' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al añadir el ecosistema');
    expect(teamOf(queryClient).ecosystems).toHaveLength(0);
  });

  it('keeps the change locally with the modo local notice when the ecosystem API fails', async () => {
    mockApi().on('POST', '/user-ecosystems/sub-ana', { networkError: true });
    const queryClient = renderWith(<EcosystemTeamButton ecosystem={ecosystem} />);
    await userEvent.click(screen.getByRole('button', { name: 'Añadir ecosistema al equipo: Pyme Completa' }));

    expect(await screen.findByText(/^Modo local:/)).toHaveTextContent('puede no conservarse');
    expect(teamOf(queryClient).localMode).toBe(true);
    expect(teamOf(queryClient).ecosystems).toEqual([expect.objectContaining({ ecosystemId: 'eco-pyme', local: true })]);
    const saved = JSON.parse(localStorage.getItem(`${LOCAL_ECOSYSTEMS_KEY_PREFIX}sub-ana`)!);
    expect(saved).toEqual([expect.objectContaining({ ecosystemId: 'eco-pyme' })]);
  });

  it('removes locally too when the ecosystem API fails on delete', async () => {
    mockApi().on('DELETE', '/user-ecosystems/sub-ana/eco-pyme', { status: 503 });
    const queryClient = renderWith(<EcosystemTeamButton ecosystem={ecosystem} />, ana, [], [pymeLink]);
    await userEvent.click(await screen.findByRole('button', { name: 'Quitar ecosistema del equipo: Pyme Completa' }));
    await waitFor(() => expect(teamOf(queryClient).ecosystems).toHaveLength(0));
    expect(teamOf(queryClient).localMode).toBe(true);
    expect(screen.getByText(/^Modo local:/)).toBeInTheDocument();
  });
});
