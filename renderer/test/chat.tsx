// The chat screen as its specs render it: routed like the app (/chat, /chat/{id}), with the
// signed-in owner and the sidebar's list already loaded, plus a probe of where the page went.
import { createStore } from 'jotai';
import { Route, Routes, useLocation, useParams } from 'react-router-dom';
import { chatKeys, type Conversation, type Message } from '../src/features/chat/api/chatQueries';
import { ChatPage } from '../src/features/chat/components/ChatPage';
import { chatOwnerAtom, type ChatOwner } from '../src/features/chat/state/chatAtoms';
import { createQueryClient } from '../src/shared/api';
import { renderWithProviders } from './render';

/** Ana's chat with 'Asesor Legal'. */
export const conversationFixture = (overrides: Partial<Conversation> = {}): Conversation => ({
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Chat con Asesor Legal',
  userId: 'sub-ana',
  metadata: { modelProvider: 'anthropic', modelId: 'anthropic.claude', agentId: 'agente-legal', useBedrockAgent: false, isCreatorAgent: false },
  category: 'agent',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const messageFixture = (overrides: Partial<Message>): Message => ({
  id: 'm',
  role: 'user',
  content: 'Hola',
  timestamp: '2026-01-01T00:00:00.000Z',
  metadata: null,
  status: 'complete',
  usage: null,
  ...overrides,
});

function ConversationRoute() {
  const { conversationId } = useParams();
  return <ChatPage conversationId={conversationId} />;
}

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

export function renderChatPage(route: string, owner: ChatOwner = { status: 'user', userId: 'sub-ana' }) {
  const store = createStore();
  store.set(chatOwnerAtom, owner);
  const queryClient = createQueryClient();
  // The sidebar's list, loaded (and empty) as the app has it.
  queryClient.setQueryData(chatKeys.list('sub-ana'), []);
  const result = renderWithProviders(
    <>
      <Routes>
        <Route path="/chat" element={<ChatPage />} />
        <Route path="/chat/:conversationId" element={<ConversationRoute />} />
        <Route path="/mi-perfil" element={<div>Perfil</div>} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { route, store, queryClient },
  );
  return { ...result, store };
}
