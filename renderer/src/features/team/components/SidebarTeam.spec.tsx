import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { renderWithProviders } from '../../../../test/render';
import { createQueryClient } from '../../../shared/api';
import { SIDEBAR_AGENTS_MAX_HEIGHT } from '../../../shared/config';
import { teamKeys, type CreatedAgent, type UserAgent } from '../api/teamQueries';
import { teamOwnerAtom, type TeamOwner } from '../state/teamAtoms';
import { MyAgentsSection, SelectedAgentsBadge } from './SidebarTeam';

const link = (agentId: string, name: string): UserAgent => ({ agentId, name, category: 'legal', description: '', avatar: null, addedAt: '2026-01-01' });

function renderSection(owner: TeamOwner, created: CreatedAgent[], selected: UserAgent[]) {
  const store = createStore();
  store.set(teamOwnerAtom, owner);
  const queryClient = createQueryClient();
  if (owner.status === 'user') {
    queryClient.setQueryData(teamKeys.created(owner.userId), created);
    queryClient.setQueryData(teamKeys.agents(owner.userId), selected);
  }
  renderWithProviders(
    <>
      <SelectedAgentsBadge />
      <MyAgentsSection />
    </>,
    { store, queryClient },
  );
  return queryClient;
}

const ana: TeamOwner = { status: 'user', userId: 'sub-ana' };

describe("'Mis Agentes' and the Marketplace badge", () => {
  it('lists the agents the user created plus the selected ones, once each, linking to /agentes/{id}', () => {
    renderSection(ana, [{ id: 'mio', name: 'Mi Redactor', category: 'tech', avatar: null }], [link('agente-legal', 'Asesor Legal'), link('mio', 'Mi Redactor')]);

    const list = screen.getByRole('list', { name: 'Mis Agentes' });
    const links = within(list).getAllByRole('link');
    expect(links.map((item) => item.textContent)).toEqual(['MMi Redactor', 'AAsesor Legal']);
    expect(links[1]).toHaveAttribute('href', '/agentes/agente-legal');
    expect(screen.queryByRole('link', { name: 'Crear mi primer agente' })).not.toBeInTheDocument();
    expect(screen.getByTestId('my-agents-scroll')).toHaveStyle({ maxHeight: SIDEBAR_AGENTS_MAX_HEIGHT });
    expect(SIDEBAR_AGENTS_MAX_HEIGHT).toBe('12rem');
  });

  it("offers 'Crear mi primer agente' to a user with no agent of their own", () => {
    renderSection(ana, [], []);
    expect(screen.getByRole('link', { name: 'Crear mi primer agente' })).toHaveAttribute('href', '/agent-creator');
    expect(screen.queryByRole('list', { name: 'Mis Agentes' })).not.toBeInTheDocument();
  });

  it('still lists selected agents next to that button', () => {
    renderSection(ana, [], [link('agente-legal', 'Asesor Legal')]);
    expect(within(screen.getByRole('list', { name: 'Mis Agentes' })).getByText('Asesor Legal')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crear mi primer agente' })).toBeInTheDocument();
  });

  it('collapses and expands, named by its visible title (the state is aria-expanded)', async () => {
    renderSection(ana, [{ id: 'mio', name: 'Mi Redactor', category: 'tech', avatar: null }], []);
    const toggle = screen.getByRole('button', { name: 'Mis Agentes (1)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('counts the selected agents in the badge, and shows none at zero', async () => {
    const queryClient = renderSection(ana, [], [link('a', 'A'), link('b', 'B')]);
    expect(screen.getByTestId('selected-agents-badge')).toHaveTextContent('2');
    expect(screen.getByText('2 agentes seleccionados')).toBeInTheDocument();
    act(() => {
      queryClient.setQueryData(teamKeys.agents('sub-ana'), []);
    });
    await waitFor(() => expect(screen.queryByTestId('selected-agents-badge')).not.toBeInTheDocument());
  });

  it('shows nothing to a visitor', () => {
    renderSection({ status: 'visitor' }, [], []);
    expect(screen.queryByText('Mis Agentes')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Crear mi primer agente' })).not.toBeInTheDocument();
  });
});
