import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { renderChatPage } from '../../../../test/chat';
import { fakeSseStream } from '../../../../test/sse';
import { type Conversation } from '../api/chatQueries';

const STARTERS = ['¿Qué cláusulas miro en un alquiler?', '¿Puedo irme antes de que acabe el contrato?'];

const conversation: Conversation = {
  id: '22222222-2222-4222-8222-222222222222',
  title: 'Chat con Asesor Legal',
  userId: 'sub-ana',
  metadata: { agentId: 'agente-legal', useBedrockAgent: false, isCreatorAgent: false },
  category: 'agent',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const starters = () => screen.findByRole('group', { name: 'Para empezar' });
const chatCalls = (api: ApiMock) => api.callsTo('POST', '/bedrock/agents/chat');

let api: ApiMock;

beforeEach(() => {
  api = mockApi();
  api.on('GET', '/agents/agente-legal', {
    body: { id: 'agente-legal', name: 'Asesor Legal', description: 'Explica contratos.', conversationStarters: STARTERS },
  });
  // 'Chatear' looks for an open chat with the agent first: there is none.
  api.on('GET', '/conversations/latest', { body: { conversation: null } });
  api.on('POST', '/bedrock/agents/chat', { response: (signal) => fakeSseStream(signal).response });
});

describe("an empty chat with an agent: its conversation starters", () => {
  it('shows them as buttons in a new chat; one sends its text, which creates the conversation', async () => {
    api.on('POST', '/conversations', { status: 201, body: conversation });
    renderChatPage('/chat?agent=agente-legal');

    const group = await starters();
    expect(within(group).getAllByRole('button').map((button) => button.textContent)).toEqual(STARTERS);
    await waitFor(() => expect(within(group).getByRole('button', { name: STARTERS[1] })).toBeEnabled());
    await userEvent.click(within(group).getByRole('button', { name: STARTERS[1] }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/chat/${conversation.id}`));
    expect(api.callsTo('POST', '/conversations')).toHaveLength(1);
    await waitFor(() => expect(chatCalls(api)).toHaveLength(1));
    expect(chatCalls(api)[0]!.body).toMatchObject({ conversationId: conversation.id, message: STARTERS[1] });
    // The chat has a message now: the starters are gone.
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Para empezar' })).not.toBeInTheDocument());
    expect(screen.getByText(STARTERS[1])).toBeInTheDocument();
  });

  it('shows them in an existing conversation that has no messages yet, and sends there', async () => {
    api.on('GET', `/conversations/${conversation.id}`, { body: { ...conversation, messages: [] } });
    renderChatPage(`/chat/${conversation.id}`);

    const group = await starters();
    await waitFor(() => expect(within(group).getByRole('button', { name: STARTERS[0] })).toBeEnabled());
    await userEvent.click(within(group).getByRole('button', { name: STARTERS[0] }));

    await waitFor(() => expect(chatCalls(api)).toHaveLength(1));
    expect(chatCalls(api)[0]!.body).toMatchObject({ conversationId: conversation.id, message: STARTERS[0] });
    expect(api.callsTo('POST', '/conversations')).toHaveLength(0);
  });

  it('shows none in a conversation that has messages, nor for an agent without starters', async () => {
    api.on('GET', `/conversations/${conversation.id}`, {
      body: { ...conversation, messages: [{ id: 'u1', role: 'user', content: 'Hola', timestamp: '2026-01-01T00:00:00.000Z', metadata: null, status: 'complete', usage: null }] },
    });
    const first = renderChatPage(`/chat/${conversation.id}`);
    expect(await screen.findByText('Hola')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Para empezar' })).not.toBeInTheDocument();
    first.unmount();

    api.on('GET', '/agents/agente-legal', { body: { id: 'agente-legal', name: 'Asesor Legal', description: 'Explica contratos.', conversationStarters: [] } });
    renderChatPage('/chat?agent=agente-legal');
    expect(await screen.findByText('Estás chateando con Asesor Legal. Escribe tu primera pregunta.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Para empezar' })).not.toBeInTheDocument();
  });
});
