import { screen, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { Route, Routes, useLocation } from 'react-router-dom';
import { mockApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { authStateAtom, type AuthState } from '../../features/auth';
import { chatKeys, chatOwnerAtom, type Conversation } from '../../features/chat';
import { teamKeys, teamOwnerAtom } from '../../features/team';
import { createQueryClient } from '../../shared/api';
import { RequireAdmin } from '../guards/RequireAdmin';
import { Sidebar } from '../layouts/Sidebar';
import { ChatScreen, ConversationScreen } from './chatScreens';
import { StartTeamChatScreen } from './collaborationScreens';
import { FlowEditorScreen } from './flowEditorScreens';

jest.setTimeout(30_000);

class DOMMatrixStub {
  m22 = 1;
  constructor(_transform?: string) {}
}
Object.assign(window, { DOMMatrixReadOnly: DOMMatrixStub, DOMMatrix: DOMMatrixStub });

const member: AuthState = {
  isAuthenticated: true,
  isLoading: false,
  user: { userId: 'u1', username: 'ana', email: 'ana@example.com', role: 'user' },
};
const admin: AuthState = { ...member, user: { ...member.user!, role: 'admin' } };

const team = [
  { agentId: 'legal', name: 'Asesor Legal', category: 'legal', description: '', avatar: null, addedAt: '2026-11-01T00:00:00.000Z' },
  { agentId: 'fiscal', name: 'Asesor Fiscal', category: 'finance', description: '', avatar: null, addedAt: '2026-11-01T00:00:00.000Z' },
];

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

function renderApp(route: string, auth: AuthState, prepare?: (store: ReturnType<typeof createStore>, queryClient: QueryClient) => void) {
  const store = createStore();
  store.set(authStateAtom, auth);
  store.set(teamOwnerAtom, { status: 'user', userId: auth.user!.userId });
  const queryClient = createQueryClient();
  queryClient.setQueryData(teamKeys.agents(auth.user!.userId), team);
  prepare?.(store, queryClient);
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/" element={<p>inicio</p>} />
        <Route path="/chat" element={<ChatScreen />} />
        <Route path="/chat/:conversationId" element={<ConversationScreen />} />
        <Route path="/start-team-chat" element={<StartTeamChatScreen />} />
        <Route element={<RequireAdmin />}>
          <Route path="/agent-flow" element={<FlowEditorScreen />} />
        </Route>
      </Routes>
      <LocationProbe />
    </>,
    { route, store, queryClient },
  );
}

describe('collaboration screens', () => {
  beforeEach(() => {
    mockApi()
      .on('GET', '/flows', { body: [] })
      .on('GET', '/agents', { body: { items: [], total: 0, page: 1, limit: 100 } })
      .on('GET', '/conversations/c-flow', { body: { id: 'c-flow', title: 'Flujo de Agentes', metadata: { fromFlow: true }, messages: [] } })
      .on('GET', '/conversations/c-main', {
        body: { id: 'c-main', title: 'Hola', metadata: {}, category: 'main', messages: [], userId: 'u1', createdAt: '', updatedAt: '' },
      });
  });

  it('/chat?flow=true offers the team from Mis Agentes, with the /start-team-chat selection picked', async () => {
    renderApp('/chat?flow=true&agents=fiscal', member);
    expect(await screen.findByRole('heading', { level: 1, name: 'Flujo de Agentes' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Asesor Legal/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Asesor Fiscal/ })).toBeChecked();
  });

  it('/start-team-chat lists Mis Agentes', () => {
    renderApp('/start-team-chat', member);
    expect(screen.getByRole('checkbox', { name: /Asesor Legal/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Empezar chat de equipo' })).toBeInTheDocument();
  });

  it('a flow conversation in the sidebar list opens as a collaboration chat', async () => {
    const listed = { id: 'c-flow', title: 'Flujo de Agentes', metadata: { fromFlow: true }, category: 'main' } as unknown as Conversation;
    renderApp('/chat/c-flow', member, (store, queryClient) => {
      store.set(chatOwnerAtom, { status: 'user', userId: 'u1' });
      queryClient.setQueryData(chatKeys.list('u1'), [listed]);
    });
    expect(await screen.findByRole('group', { name: 'Agentes que colaboran' })).toBeInTheDocument();
  });

  it('a conversation not in the list is read once to tell which chat it is', async () => {
    renderApp('/chat/c-flow', member);
    expect(await screen.findByRole('group', { name: 'Agentes que colaboran' })).toBeInTheDocument();
  });

  it("an agent creator's conversation reopens in the creator, with its draft (issue 31)", async () => {
    mockApi().on('GET', '/conversations/c-creator', {
      body: { id: 'c-creator', title: 'Nuevo agente: Asesor', metadata: { type: 'agent-creator' }, category: 'main', messages: [], userId: 'u1', createdAt: '', updatedAt: '' },
    });
    renderApp('/chat/c-creator', member);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/agent-creator?conversation=c-creator'));
  });

  it('admins get the flow editor at /agent-flow', async () => {
    renderApp('/agent-flow', admin);
    expect(await screen.findByRole('heading', { level: 1, name: 'Editor de Flujos' })).toBeInTheDocument();
    await screen.findByText('Todavía no hay flujos guardados.');
  });

  it('others are sent away from /agent-flow and see the disabled entry', async () => {
    renderApp('/agent-flow', member);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(screen.queryByRole('heading', { name: 'Editor de Flujos' })).not.toBeInTheDocument();

    const store = createStore();
    store.set(authStateAtom, member);
    renderWithProviders(<Sidebar />, { store });
    expect(screen.getByText('Próximamente disponible')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Editor de Flujos/ })).not.toBeInTheDocument();
  });
});
