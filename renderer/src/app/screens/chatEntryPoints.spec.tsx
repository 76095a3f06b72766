import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import type { ReactElement } from 'react';
import { mockApi, type ApiMock } from '../../../test/api-mock';
import { agentFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { authStateAtom, type AuthState } from '../../features/auth/state/authState';
import { chatOwnerAtom } from '../../features/chat';
import { PaymentSuccessPage } from '../../features/checkout';
import { MyOfficePage, teamOwnerAtom, useTeamSync } from '../../features/team';
import { ChatScreen, ConversationScreen } from './chatScreens';
import { MarketplaceAgentScreen } from './marketplaceScreens';

/**
 * Every 'Chatear' with an agent leads to /chat?agent={id}, which goes on with the user's open chat
 * with it (GET /api/conversations/latest) instead of adding another identical conversation (issue
 * 31, item 6).
 */
const ana: AuthState = { isAuthenticated: true, isLoading: false, user: { userId: 'sub-ana', username: 'ana', email: 'ana@example.com', role: 'user' } };

const open = {
  id: '44444444-4444-4444-8444-444444444444',
  title: 'Chat con Asesor Legal',
  userId: 'sub-ana',
  metadata: { agentId: 'agente-legal', isCreatorAgent: false, useBedrockAgent: false },
  category: 'agent' as const,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-02T00:00:00.000Z',
};
const said = (id: string, role: 'user' | 'assistant', content: string) => ({
  id,
  role,
  content,
  timestamp: '2026-11-02T00:00:00.000Z',
  metadata: null,
  status: 'complete',
  usage: null,
});

function Office() {
  useTeamSync({ status: 'user', userId: 'sub-ana' });
  return <MyOfficePage />;
}

/** /success as a purchase reaches it: with what was bought in the navigation's state. */
function Bought() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/success', { state: { purchase: { items: [{ name: 'Asesor Legal', subscriptionId: 'sub_1', chatHref: '/chat?agent=agente-legal' }] } } })}>
      comprar
    </button>
  );
}

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

function mockServer(): ApiMock {
  return mockApi()
    .on('GET', '/agents/agente-legal', { body: agentFixture({ creatorId: 'sub-ana' }) })
    .on('GET', '/stripe-user-subscriptions/*', { body: { success: true, data: [] } })
    .on('GET', '/user-agents/sub-ana', {
      body: [{ agentId: 'agente-legal', name: 'Asesor Legal', category: 'legal', description: 'Contratos', avatar: null, addedAt: '2026-11-01' }],
    })
    .on('GET', '/user-ecosystems/sub-ana', { body: [] })
    .on('GET', '/agents', { body: { items: [], total: 0, page: 1, limit: 100 } })
    .on('GET', '/conversations', { body: [open] })
    .on('GET', '/conversations/latest', { body: { conversation: open } })
    .on('GET', `/conversations/${open.id}`, {
      body: { ...open, messages: [said('u1', 'user', '¿Qué miro en un contrato?'), said('r1', 'assistant', 'Las cláusulas de salida.')] },
    });
}

function renderAt(route: string, entry: ReactElement, path = route) {
  const store = createStore();
  store.set(authStateAtom, ana);
  store.set(teamOwnerAtom, { status: 'user', userId: 'sub-ana' });
  store.set(chatOwnerAtom, { status: 'user', userId: 'sub-ana' });
  renderWithProviders(
    <>
      <Routes>
        <Route path={path} element={entry} />
        <Route path="/success" element={<PaymentSuccessPage />} />
        <Route path="/chat" element={<ChatScreen />} />
        <Route path="/chat/:conversationId" element={<ConversationScreen />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { store, route },
  );
}

async function expectTheOpenChat(api: ApiMock) {
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/chat/${open.id}`));
  const messages = await screen.findByRole('list', { name: 'Mensajes' });
  expect(within(messages).getByText('¿Qué miro en un contrato?')).toBeInTheDocument();
  expect(within(messages).getByText('Las cláusulas de salida.')).toBeInTheDocument();
  expect(api.callsTo('GET', '/conversations/latest').at(-1)!.url.searchParams.get('agentId')).toBe('agente-legal');
  expect(api.callsTo('POST', '/conversations')).toHaveLength(0);
}

describe("'Chatear' with an agent opens the user's open chat with it", () => {
  it("from the agent's marketplace page", async () => {
    const api = mockServer();
    renderAt('/marketplace/agent/agente-legal', <MarketplaceAgentScreen />, '/marketplace/agent/:id');
    await userEvent.click(await screen.findByRole('link', { name: 'Chatear con el agente' }));
    await expectTheOpenChat(api);
  });

  it('from Mi Oficina', async () => {
    const api = mockServer();
    renderAt('/my-office', <Office />);
    const agents = await screen.findByRole('list', { name: 'Agentes de mi equipo' });
    await userEvent.click(within(agents).getByRole('link', { name: 'Chatear' }));
    await expectTheOpenChat(api);
  });

  it('from the purchase (/success)', async () => {
    const api = mockServer();
    renderAt('/', <Bought />);
    await userEvent.click(screen.getByRole('button', { name: 'comprar' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Chatear' }));
    await expectTheOpenChat(api);
  });

  it("and 'Nueva conversación' there starts another with the agent", async () => {
    const api = mockServer();
    renderAt('/my-office', <Office />);
    const agents = await screen.findByRole('list', { name: 'Agentes de mi equipo' });
    await userEvent.click(within(agents).getByRole('link', { name: 'Chatear' }));
    await expectTheOpenChat(api);

    await userEvent.click(screen.getByRole('link', { name: 'Nueva conversación' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/chat?agent=agente-legal&new=true');
    expect(await screen.findByText('Estás chateando con Asesor Legal. Escribe tu primera pregunta.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Mensajes' })).not.toBeInTheDocument();
  });
});
