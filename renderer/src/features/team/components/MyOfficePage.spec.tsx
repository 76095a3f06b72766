import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { mockApi } from '../../../../test/api-mock';
import { Route, Routes } from 'react-router-dom';
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

  it("links to team chat and the form creator, and 'Crear ecosistema' makes a priced public one of the team's agents that opens in Mi Oficina", async () => {
    const created = { id: 'eco-nuevo', name: 'Despacho', description: 'Todo', agentIds: ['agente-legal'], price: 25, discount: 0, isPublic: true };
    const api = mockApi()
      .on('GET', '/user-agents/sub-ana', { body: [legalLink] })
      .on('GET', '/user-ecosystems/sub-ana', { body: [] })
      .on('GET', '/agents', { body: { items: [], total: 0, page: 1, limit: 100 } })
      .on('POST', '/ecosystems', { status: 201, body: created })
      .on('POST', '/user-ecosystems/sub-ana', { status: 201, body: { ...ecoLink, ecosystemId: 'eco-nuevo', name: 'Despacho' } });
    const store = createStore();
    store.set(teamOwnerAtom, { status: 'user', userId: 'sub-ana' });
    renderWithProviders(
      <Routes>
        <Route path="/" element={<Office />} />
        <Route path="/my-office/ecosystem/:id" element={<p>página del ecosistema</p>} />
      </Routes>,
      { store },
    );

    const actions = await screen.findByRole('group', { name: 'Acciones de Mi Oficina' });
    expect(within(actions).getByRole('link', { name: 'Chat de equipo' })).toHaveAttribute('href', '/start-team-chat');
    expect(within(actions).getByRole('link', { name: 'Crear agente con formulario' })).toHaveAttribute('href', '/create-advanced-agent');
    await screen.findByRole('list', { name: 'Agentes de mi equipo' });

    await userEvent.click(within(actions).getByRole('button', { name: 'Crear ecosistema' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crear ecosistema' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear ecosistema' }));
    expect(await within(dialog).findByText('El nombre es obligatorio.')).toBeInTheDocument();
    expect(within(dialog).getByText('Elige al menos un agente.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/ecosystems')).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Nombre/ }), 'Despacho');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Asesor Legal' }));
    const price = within(dialog).getByRole('textbox', { name: /Precio al mes/ });
    await userEvent.clear(price);
    await userEvent.type(price, '25');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Público en el marketplace' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear ecosistema' }));

    expect(await screen.findByText('página del ecosistema')).toBeInTheDocument();
    expect(api.callsTo('POST', '/ecosystems')[0]!.body).toMatchObject({ name: 'Despacho', agentIds: ['agente-legal'], price: 25, isPublic: true });
    expect(api.callsTo('POST', '/user-ecosystems/sub-ana')[0]!.body).toEqual({ ecosystemId: 'eco-nuevo' });
  });

  it("shows the server's refusal of 'Crear ecosistema' in the form", async () => {
    mockApi()
      .on('GET', '/user-agents/sub-ana', { body: [legalLink] })
      .on('GET', '/user-ecosystems/sub-ana', { body: [] })
      .on('GET', '/agents', { body: { items: [], total: 0, page: 1, limit: 100 } })
      .on('POST', '/ecosystems', { status: 403, body: { statusCode: 403, message: 'No puedes vender este agente en un ecosistema.' } });
    const store = createStore();
    store.set(teamOwnerAtom, { status: 'user', userId: 'sub-ana' });
    renderWithProviders(<Office />, { store });
    await screen.findByRole('list', { name: 'Agentes de mi equipo' });
    await userEvent.click(screen.getByRole('button', { name: 'Crear ecosistema' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crear ecosistema' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Nombre/ }), 'Despacho');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Asesor Legal' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear ecosistema' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No puedes vender este agente en un ecosistema.');
  });
});
