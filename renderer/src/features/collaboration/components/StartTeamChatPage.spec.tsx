import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { EcosystemChatButton } from './EcosystemChatButton';
import { StartTeamChatPage } from './StartTeamChatPage';

jest.setTimeout(20_000);

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

const team = [
  { id: 'legal', name: 'Asesor Legal', category: 'legal' },
  { id: 'fiscal', name: 'Asesor Fiscal', category: 'finance' },
];

describe('/start-team-chat', () => {
  it('needs at least one agent of Mis Agentes, then opens a flow chat with the selection', async () => {
    renderWithProviders(
      <>
        <Routes>
          <Route path="/start-team-chat" element={<StartTeamChatPage agents={team} />} />
          <Route path="/chat" element={<div>chat</div>} />
        </Routes>
        <LocationProbe />
      </>,
      { route: '/start-team-chat' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Chat de equipo' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Empezar chat de equipo' }));
    expect(screen.getByRole('alert')).toHaveTextContent('No agents selected for collaboration');
    expect(screen.getByTestId('location')).toHaveTextContent('/start-team-chat');

    await userEvent.click(screen.getByRole('checkbox', { name: /Asesor Fiscal/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Asesor Legal/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Empezar chat de equipo' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/chat?flow=true&agents=fiscal,legal'));
    expect(JSON.parse(window.localStorage.getItem('current-agent-team') ?? '[]')).toEqual(['fiscal', 'legal']);
  });

  it('an empty team is sent to the marketplace', () => {
    renderWithProviders(<StartTeamChatPage agents={[]} />, { route: '/start-team-chat' });
    expect(screen.getByText('Tu equipo no tiene agentes todavía. Añádelos desde el Marketplace.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al Marketplace' })).toHaveAttribute('href', '/marketplace');
    expect(screen.queryByRole('button', { name: 'Empezar chat de equipo' })).not.toBeInTheDocument();
  });
});

describe("'Chatear con el ecosistema'", () => {
  it('creates an ecosystem conversation and opens it', async () => {
    const api = mockApi().on('POST', '/conversations', (call) => ({
      status: 201,
      body: { id: 'c7', title: 'Chat con Equipo Legal', metadata: (call.body as { metadata: object }).metadata },
    }));
    const created = jest.fn();
    renderWithProviders(
      <>
        <Routes>
          <Route
            path="/my-office/ecosystem/eco-1"
            element={<EcosystemChatButton ecosystem={{ id: 'eco-1', name: 'Equipo Legal', agentIds: ['legal'] }} onConversationCreated={created} />}
          />
          <Route path="/chat/:id" element={<div>chat</div>} />
        </Routes>
        <LocationProbe />
      </>,
      { route: '/my-office/ecosystem/eco-1' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Chatear con el ecosistema' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/chat/c7'));
    expect(api.callsTo('POST', '/conversations')[0]!.body).toEqual({
      title: 'Chat con Equipo Legal',
      metadata: { isEcosystemChat: true, ecosystemId: 'eco-1' },
    });
    expect(created).toHaveBeenCalledWith(expect.objectContaining({ id: 'c7' }));
  });

  it('an ecosystem without agents does not open a chat', async () => {
    const api = mockApi();
    renderWithProviders(<EcosystemChatButton ecosystem={{ id: 'eco-2', name: 'Vacío', agentIds: [] }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Chatear con el ecosistema' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Este ecosistema no tiene agentes: necesita al menos uno para chatear.');
    expect(api.calls).toHaveLength(0);
  });
});
