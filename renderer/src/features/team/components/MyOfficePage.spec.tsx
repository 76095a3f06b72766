import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { useTeamSync } from '../hooks/useTeamSync';
import { teamOwnerAtom } from '../state/teamAtoms';
import { MyOfficePage } from './MyOfficePage';

function Office() {
  useTeamSync({ status: 'user', userId: 'sub-ana' });
  return <MyOfficePage />;
}

const legalLink = { agentId: 'agente-legal', name: 'Asesor Legal', category: 'legal', description: 'Contratos', avatar: null, addedAt: '2026-01-01' };
const ecoLink = { userId: 'sub-ana', ecosystemId: 'eco-pyme', name: 'Pyme Completa', category: 'general', description: 'x', avatar: null, addedAt: '2026-01-01' };

describe('MyOfficePage', () => {
  it("shows the user's agents and ecosystems, linking to /agentes/{id} and /my-office/ecosystem/{id}", async () => {
    let team = [legalLink];
    mockApi()
      .on('GET', '/user-agents/sub-ana', () => ({ body: team }))
      .on('GET', '/user-ecosystems/sub-ana', { body: [ecoLink] })
      .on('GET', '/agents', { body: { items: [], total: 0, page: 1, limit: 100 } })
      .on('DELETE', '/user-agents/sub-ana/agente-legal', () => {
        team = [];
        return { body: { success: true, id: 'agente-legal' } };
      });
    const store = createStore();
    store.set(teamOwnerAtom, { status: 'user', userId: 'sub-ana' });
    renderWithProviders(<Office />, { store });

    const agents = await screen.findByRole('list', { name: 'Agentes de mi equipo' });
    expect(within(agents).getByRole('link', { name: 'Asesor Legal' })).toHaveAttribute('href', '/agentes/agente-legal');
    const ecosystems = screen.getByRole('list', { name: 'Ecosistemas de mi equipo' });
    expect(within(ecosystems).getByRole('link', { name: 'Pyme Completa' })).toHaveAttribute('href', '/my-office/ecosystem/eco-pyme');

    await userEvent.click(screen.getByRole('button', { name: 'Quitar del equipo: Asesor Legal' }));
    expect(await screen.findByText('Todavía no tienes agentes en tu equipo.')).toBeInTheDocument();
  });

  it("shows 'Error al cargar los datos del usuario' with 'Reintentar', which loads the team again", async () => {
    let failing = true;
    mockApi()
      .on('GET', '/user-agents/sub-ana', () => (failing ? { status: 500 } : { body: [legalLink] }))
      .on('GET', '/user-ecosystems/sub-ana', { body: [] })
      .on('GET', '/agents', { body: { items: [], total: 0, page: 1, limit: 100 } });
    renderWithProviders(<Office />);

    const alert = await screen.findByRole('alert', { name: 'Error al cargar los datos del usuario' });
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    const agents = await screen.findByRole('list', { name: 'Agentes de mi equipo' });
    expect(within(agents).getByRole('link', { name: 'Asesor Legal' })).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: 'Error al cargar los datos del usuario' })).not.toBeInTheDocument();
  });

  it('shows an empty team when the server has none (404)', async () => {
    mockApi().on('GET', '/agents', { body: { items: [], total: 0, page: 1, limit: 100 } });
    renderWithProviders(<Office />);
    expect(await screen.findByText('Todavía no tienes agentes en tu equipo.')).toBeInTheDocument();
    expect(screen.getByText('Todavía no tienes ecosistemas en tu equipo.')).toBeInTheDocument();
  });
});
