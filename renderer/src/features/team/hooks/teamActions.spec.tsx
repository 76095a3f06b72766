import type { ReactElement } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { ToastViewport } from '../../../shared/ui';
import { AddAgentToTeamButton, EcosystemTeamButton, RemoveAgentFromTeamButton } from '../components/TeamButtons';
import { localModeAtom, LOCAL_ECOSYSTEMS_KEY_PREFIX, teamAgentsAtom, teamEcosystemsAtom, teamOwnerAtom, type TeamOwner } from '../state/teamAtoms';
import type { UserAgent, UserEcosystem } from '../types';

const agent = { id: 'agente-legal', name: 'Asesor Legal', category: 'legal', description: 'Contratos', avatar: null };
const ecosystem = { id: 'eco-pyme', name: 'Pyme Completa', category: 'general', description: 'Todo', avatar: null };
const ana: TeamOwner = { status: 'user', userId: 'sub-ana' };
const legalLink: UserAgent = { agentId: 'agente-legal', name: 'Asesor Legal', category: 'legal', description: 'Contratos', avatar: null, addedAt: '2026-01-01T00:00:00.000Z' };

function renderWith(ui: ReactElement, owner: TeamOwner = ana, team: UserAgent[] = [], ecosystems: UserEcosystem[] = []) {
  const store = createStore();
  store.set(teamOwnerAtom, owner);
  store.set(teamAgentsAtom, team);
  store.set(teamEcosystemsAtom, ecosystems);
  renderWithProviders(
    <>
      {ui}
      <ToastViewport />
    </>,
    { store },
  );
  return store;
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
    const api = mockApi().on('POST', '/user-agents/sub-ana', { status: 201, body: legalLink });
    const store = renderWith(<AddAgentToTeamButton agent={agent} />);
    await userEvent.click(screen.getByRole('button', { name: 'Añadir al equipo: Asesor Legal' }));

    expect(await screen.findByText('Agente añadido a tu equipo')).toBeInTheDocument();
    expect(api.calls[0]!.body).toEqual({ agentId: 'agente-legal', name: 'Asesor Legal', category: 'legal', description: 'Contratos' });
    expect(store.get(teamAgentsAtom).map((item) => item.agentId)).toEqual(['agente-legal']);
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
    mockApi().on('POST', '/user-agents/sub-ana', { status: 409, body: { message: 'Este agente ya está en tu equipo' } });
    const store = renderWith(<AddAgentToTeamButton agent={agent} />);
    await userEvent.click(screen.getByRole('button', { name: 'Añadir al equipo: Asesor Legal' }));
    expect(await screen.findByText('Este agente ya está en tu equipo')).toBeInTheDocument();
    expect(store.get(teamAgentsAtom)).toHaveLength(1);
  });

  it.each([
    [500, 'Error al añadir el agente a tu equipo'],
    [404, 'Agente no encontrado'],
    [401, 'Debes iniciar sesión para añadir/eliminar agentes de tu equipo'],
  ])('reports a %s as %s', async (status, text) => {
    mockApi().on('POST', '/user-agents/sub-ana', { status, body: { message: 'x' } });
    const store = renderWith(<AddAgentToTeamButton agent={agent} />);
    await userEvent.click(screen.getByRole('button', { name: 'Añadir al equipo: Asesor Legal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(store.get(teamAgentsAtom)).toHaveLength(0);
  });
});

describe('removing an agent from the team', () => {
  it('deletes it and drops it from the team', async () => {
    const api = mockApi().on('DELETE', '/user-agents/sub-ana/agente-legal', { body: { success: true, id: 'agente-legal' } });
    const store = renderWith(<RemoveAgentFromTeamButton agent={agent} />, ana, [legalLink]);
    await userEvent.click(screen.getByRole('button', { name: 'Quitar del equipo: Asesor Legal' }));
    expect(await screen.findByText('Agente eliminado de tu equipo')).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
    expect(store.get(teamAgentsAtom)).toHaveLength(0);
  });

  it("keeps it and says 'Error al eliminar el agente de tu equipo' when the server fails", async () => {
    mockApi().on('DELETE', '/user-agents/sub-ana/agente-legal', { status: 500 });
    const store = renderWith(<RemoveAgentFromTeamButton agent={agent} />, ana, [legalLink]);
    await userEvent.click(screen.getByRole('button', { name: 'Quitar del equipo: Asesor Legal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al eliminar el agente de tu equipo');
    expect(store.get(teamAgentsAtom)).toHaveLength(1);
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
    const api = mockApi().on('POST', '/user-ecosystems/sub-ana', {
      status: 201,
      body: { userId: 'sub-ana', ecosystemId: 'eco-pyme', name: 'Pyme Completa', category: 'general', description: 'Todo', avatar: null, addedAt: '2026-01-01' },
    });
    const store = renderWith(<EcosystemTeamButton ecosystem={ecosystem} />);
    await userEvent.click(screen.getByRole('button', { name: 'Añadir ecosistema al equipo: Pyme Completa' }));
    expect(await screen.findByText('Ecosistema añadido a tu equipo')).toBeInTheDocument();
    expect(api.calls[0]!.body).toEqual({ ecosystemId: 'eco-pyme' });
    expect(store.get(teamEcosystemsAtom)).toHaveLength(1);
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
    const store = renderWith(<EcosystemTeamButton ecosystem={ecosystem} />);
    await userEvent.click(screen.getByRole('button', { name: 'Añadir ecosistema al equipo: Pyme Completa' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al añadir el ecosistema');
    expect(store.get(teamEcosystemsAtom)).toHaveLength(0);
  });

  it('keeps the change locally with the modo local notice when the ecosystem API fails', async () => {
    mockApi().on('POST', '/user-ecosystems/sub-ana', { networkError: true });
    const store = renderWith(<EcosystemTeamButton ecosystem={ecosystem} />);
    await userEvent.click(screen.getByRole('button', { name: 'Añadir ecosistema al equipo: Pyme Completa' }));

    expect(await screen.findByText(/^Modo local:/)).toHaveTextContent('puede no conservarse');
    expect(store.get(localModeAtom)).toBe(true);
    expect(store.get(teamEcosystemsAtom)).toEqual([expect.objectContaining({ ecosystemId: 'eco-pyme', local: true })]);
    const saved = JSON.parse(localStorage.getItem(`${LOCAL_ECOSYSTEMS_KEY_PREFIX}sub-ana`)!);
    expect(saved).toEqual([expect.objectContaining({ ecosystemId: 'eco-pyme' })]);
  });

  it('removes locally too when the ecosystem API fails on delete', async () => {
    mockApi().on('DELETE', '/user-ecosystems/sub-ana/eco-pyme', { status: 503 });
    const store = renderWith(<EcosystemTeamButton ecosystem={ecosystem} />, ana, [], [
      { userId: 'sub-ana', ecosystemId: 'eco-pyme', name: 'Pyme Completa', category: 'general', description: 'Todo', avatar: null, addedAt: '2026-01-01' },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Quitar ecosistema del equipo: Pyme Completa' }));
    await waitFor(() => expect(store.get(teamEcosystemsAtom)).toHaveLength(0));
    expect(store.get(localModeAtom)).toBe(true);
    expect(screen.getByText(/^Modo local:/)).toBeInTheDocument();
  });
});
