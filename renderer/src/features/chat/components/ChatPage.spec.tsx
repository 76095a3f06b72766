import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { conversationFixture, messageFixture, renderChatPage } from '../../../../test/chat';
import { fakeSseStream, type FakeSseStream } from '../../../../test/sse';
import { createQueryClient } from '../../../shared/api';
import { chatKeys, messagesOf, type Conversation, type ConversationPages } from '../api/chatQueries';
import { type ChatOwner } from '../state/chatAtoms';
import { CONVERSATION_CONFIG_KEY } from '../utils/conversationConfig';

const listed = (queryClient: ReturnType<typeof createQueryClient>) => queryClient.getQueryData<Conversation[]>(chatKeys.list('sub-ana'))!;

const composer = () => screen.getByRole('textbox', { name: 'Escribe tu mensaje' });
const chatCalls = (api: ApiMock) => api.callsTo('POST', '/bedrock/agents/chat');

let api: ApiMock;
let streams: FakeSseStream[];

beforeEach(() => {
  api = mockApi();
  streams = [];
  api.on('GET', '/agents/agente-legal', { body: { id: 'agente-legal', name: 'Asesor Legal', description: 'Explica contratos.' } });
  // No open chat with the agent yet, unless a test says otherwise.
  api.on('GET', '/conversations/latest', { body: { conversation: null } });
  api.on('POST', '/bedrock/agents/chat', {
    response: (signal) => {
      const stream = fakeSseStream(signal);
      streams.push(stream);
      return stream.response;
    },
  });
  Object.assign(navigator, { clipboard: { writeText: jest.fn(() => Promise.resolve()) } });
});

describe('ChatPage: opening', () => {
  it('opens an agent chat from ?agent= without creating anything, and creates the conversation with the first message', async () => {
    const created = conversationFixture();
    api.on('POST', '/conversations', { status: 201, body: created });
    const { queryClient } = renderChatPage('/chat?agent=agente-legal');

    expect(await screen.findByRole('heading', { level: 1, name: 'Chat con Asesor Legal' })).toBeInTheDocument();
    expect(await screen.findByText('Estás chateando con Asesor Legal. Escribe tu primera pregunta.')).toBeInTheDocument();
    // Opening and leaving leaves no empty conversation in the sidebar.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.callsTo('POST', '/conversations')).toHaveLength(0);
    expect(listed(queryClient)).toEqual([]);

    await userEvent.type(composer(), '¿Qué cláusulas miro?{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/chat/${created.id}`));
    expect(api.callsTo('POST', '/conversations')).toHaveLength(1);
    // Should another tab have opened one meanwhile, the server answers that one.
    expect(api.callsTo('POST', '/conversations')[0]!.body).toEqual({ metadata: { agentId: 'agente-legal' }, reuseOpen: true });
    await waitFor(() => expect(chatCalls(api)).toHaveLength(1));
    expect(chatCalls(api)[0]!.body).toMatchObject({ conversationId: created.id, message: '¿Qué cláusulas miro?' });
    expect(listed(queryClient).map((c) => c.id)).toEqual([created.id]);
    // Opened from the creation: not fetched again.
    expect(api.callsTo('GET', `/conversations/${created.id}`)).toHaveLength(0);
    expect(JSON.parse(localStorage.getItem(CONVERSATION_CONFIG_KEY)!)).toEqual({
      modelProvider: 'anthropic',
      modelId: 'anthropic.claude',
      useBedrockAgent: false,
      isCreatorAgent: false,
      agentId: 'agente-legal',
      prompt: null,
      endpoint: '/bedrock/agents/chat',
    });
  });

  it('accepts agentId with useAgentInterface=true', async () => {
    api.on('POST', '/conversations', { status: 201, body: conversationFixture() });
    renderChatPage('/chat?agentId=agente-legal&useAgentInterface=true');
    // Once it knows there is no open chat with the agent.
    await waitFor(() => expect(composer()).toBeEnabled());
    await userEvent.type(composer(), 'Hola{Enter}');
    await waitFor(() => expect(api.callsTo('POST', '/conversations')).toHaveLength(1));
    expect(api.callsTo('POST', '/conversations')[0]!.body).toEqual({ metadata: { agentId: 'agente-legal' }, reuseOpen: true });
  });

  it('creates a flow conversation from ?flow=true with the first message, not before', async () => {
    api.on('POST', '/conversations', { status: 201, body: conversationFixture({ id: 'f1', title: 'Flujo de Agentes', category: 'main', metadata: { fromFlow: true } }) });
    const { queryClient } = renderChatPage('/chat?flow=true');
    expect(screen.getByRole('heading', { level: 1, name: 'Flujo de Agentes' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.callsTo('POST', '/conversations')).toHaveLength(0);
    expect(listed(queryClient)).toEqual([]);

    await userEvent.type(composer(), 'Empieza{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/chat/f1'));
    expect(api.callsTo('POST', '/conversations')[0]!.body).toEqual({ metadata: { fromFlow: true } });
  });

  it('loads /chat/{id} with its messages rendered as Markdown', async () => {
    api.on('GET', `/conversations/${conversationFixture().id}`, {
      body: conversationFixture({
        messages: [
          messageFixture({ id: 'u1', content: 'Dame un ejemplo' }),
          messageFixture({ id: 'r1', role: 'assistant', content: 'Mira:\n\n```js\nconst a = 1;\n```\n\n**Importante**' }),
        ],
      }),
    });
    renderChatPage(`/chat/${conversationFixture().id}`);
    // Announced while it loads: a named spinner without a role is an ARIA error (axe: aria-prohibited-attr).
    expect(screen.getByRole('status', { name: 'Cargando la conversación…' })).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Mensajes' });
    expect(within(list).getByText('Dame un ejemplo')).toBeInTheDocument();
    expect(within(list).getByText('Importante').tagName).toBe('STRONG');
    expect(within(list).getByText('const a = 1;').closest('pre')).not.toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: 'Copiar código' }));
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith('const a = 1;');
  });

  it('says when the conversation does not exist, and only that', async () => {
    api.on('GET', '/conversations/nope', { status: 404, body: { message: 'Conversación no encontrada' } });
    renderChatPage('/chat/nope');
    expect(await screen.findByRole('heading', { name: 'Conversación no encontrada' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Nueva conversación' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Conversación no encontrada']);
    expect(screen.queryByRole('textbox', { name: 'Escribe tu mensaje' })).not.toBeInTheDocument();
  });
});

describe("ChatPage: 'Chatear' goes on with the open chat; 'Nueva conversación' starts another", () => {
  const open = conversationFixture({ id: '22222222-2222-4222-8222-222222222222' });
  const withMessages = (conversation: Conversation) => ({
    ...conversation,
    messages: [messageFixture({ id: 'u1', content: '¿Y el contrato de alquiler?' }), messageFixture({ id: 'r1', role: 'assistant', content: 'Revisa la fianza.' })],
  });

  it('opens the open chat with the agent, with its messages, instead of a new one', async () => {
    api.on('GET', '/conversations/latest', { body: { conversation: open } });
    api.on('GET', `/conversations/${open.id}`, { body: withMessages(open) });
    renderChatPage('/chat?agent=agente-legal');

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/chat/${open.id}`));
    const list = await screen.findByRole('list', { name: 'Mensajes' });
    expect(within(list).getByText('¿Y el contrato de alquiler?')).toBeInTheDocument();
    expect(within(list).getByText('Revisa la fianza.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/conversations/latest')[0]!.url.searchParams.get('agentId')).toBe('agente-legal');
    expect(api.callsTo('POST', '/conversations')).toHaveLength(0);
  });

  it('shows neither the welcome nor the composer while it looks for the open chat', async () => {
    api.on('GET', '/conversations/latest', { hang: true });
    renderChatPage('/chat?agent=agente-legal');
    expect(screen.getByRole('status', { name: 'Cargando la conversación…' })).toBeInTheDocument();
    expect(composer()).toBeDisabled();
    expect(screen.queryByText('Estás chateando con Asesor Legal. Escribe tu primera pregunta.')).not.toBeInTheDocument();
  });

  it('offers the new chat when the look-up fails, whose first message still goes on with an open one', async () => {
    api.on('GET', '/conversations/latest', { status: 500, body: { message: 'Error interno' } });
    api.on('POST', '/conversations', { status: 200, body: withMessages(open) });
    renderChatPage('/chat?agent=agente-legal');
    expect(await screen.findByText('Estás chateando con Asesor Legal. Escribe tu primera pregunta.')).toBeInTheDocument();

    await userEvent.type(composer(), 'Otra duda{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/chat/${open.id}`));
    expect(api.callsTo('POST', '/conversations')[0]!.body).toEqual({ metadata: { agentId: 'agente-legal' }, reuseOpen: true });
    const list = await screen.findByRole('list', { name: 'Mensajes' });
    expect(within(list).getByText('Revisa la fianza.')).toBeInTheDocument();
    expect(within(list).getByText('Otra duda')).toBeInTheDocument();
  });

  it("'Nueva conversación' in an agent's chat starts an empty one with the agent, which the first message creates", async () => {
    api.on('GET', '/conversations/latest', { body: { conversation: open } });
    api.on('GET', `/conversations/${open.id}`, { body: withMessages(open) });
    const second = conversationFixture({ id: '33333333-3333-4333-8333-333333333333' });
    api.on('POST', '/conversations', { status: 201, body: second });
    renderChatPage(`/chat/${open.id}`);

    const button = await screen.findByRole('link', { name: 'Nueva conversación' });
    expect(button).toHaveAttribute('href', '/chat?agent=agente-legal&new=true');
    await userEvent.click(button);

    expect(screen.getByTestId('location')).toHaveTextContent('/chat?agent=agente-legal&new=true');
    expect(await screen.findByText('Estás chateando con Asesor Legal. Escribe tu primera pregunta.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Chat con Asesor Legal' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Mensajes' })).not.toBeInTheDocument();
    // Asked for a new one: the open chat is not looked up, nor does it come back.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.callsTo('GET', '/conversations/latest')).toHaveLength(0);
    expect(screen.getByTestId('location')).toHaveTextContent('/chat?agent=agente-legal&new=true');

    await userEvent.type(composer(), 'Empiezo de cero{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/chat/${second.id}`));
    expect(api.callsTo('POST', '/conversations')[0]!.body).toEqual({ metadata: { agentId: 'agente-legal' } });
    await waitFor(() => expect(chatCalls(api)).toHaveLength(1));
    expect(chatCalls(api)[0]!.body).toMatchObject({ conversationId: second.id, message: 'Empiezo de cero' });
  });

  it("'Nueva conversación' in a main-assistant chat starts a new one with the assistant", async () => {
    const main = conversationFixture({ id: 'main-1', title: 'Ideas', category: 'main', metadata: { isCreatorAgent: true } });
    api.on('GET', '/conversations/main-1', { body: { ...main, messages: [messageFixture({ id: 'u1', content: 'Ideas de negocio' })] } });
    renderChatPage('/chat/main-1');
    await userEvent.click(await screen.findByRole('link', { name: 'Nueva conversación' }));
    expect(screen.getByTestId('location').textContent).toBe('/chat');
    expect(await screen.findByText('Hola, soy Nova. ¿En qué puedo ayudarte hoy?')).toBeInTheDocument();
  });

  it("offers no 'Nueva conversación' on a chat not started yet: it is new already", async () => {
    renderChatPage('/chat?agent=agente-legal');
    expect(await screen.findByText('Estás chateando con Asesor Legal. Escribe tu primera pregunta.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Nueva conversación' })).not.toBeInTheDocument();
  });
});

describe('ChatPage: load errors', () => {
  it("says why the conversation could not be opened, with 'Reintentar'", async () => {
    const id = conversationFixture().id;
    api.on('GET', `/conversations/${id}`, { status: 500, body: { message: 'La base de datos no responde' } });
    renderChatPage(`/chat/${id}`);
    expect(await screen.findByText('No se pudo abrir la conversación')).toBeInTheDocument();
    expect(screen.getByText('La base de datos no responde')).toBeInTheDocument();

    api.on('GET', `/conversations/${id}`, { body: { ...conversationFixture(), messages: [messageFixture({ id: 'u1', content: 'Dame un ejemplo' })] } });
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Dame un ejemplo')).toBeInTheDocument();
    expect(screen.queryByText('No se pudo abrir la conversación')).not.toBeInTheDocument();
  });

  it("says when the conversation's agent could not be loaded, and 'Reintentar' loads it", async () => {
    const conversation = conversationFixture();
    api.on('GET', `/conversations/${conversation.id}`, { body: { ...conversation, messages: [] } });
    api.on('GET', '/agents/agente-legal', { status: 503, body: { message: 'El catálogo de agentes no responde' } });
    renderChatPage(`/chat/${conversation.id}`);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('El catálogo de agentes no responde');
    // Not taken for the main assistant.
    expect(screen.queryByText('Hola, soy Nova. ¿En qué puedo ayudarte hoy?')).not.toBeInTheDocument();

    api.on('GET', '/agents/agente-legal', { body: { id: 'agente-legal', name: 'Asesor Legal', description: 'Explica contratos.' } });
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Estás chateando con Asesor Legal. Escribe tu primera pregunta.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says it too for an agent chat opened from ?agent=', async () => {
    api.on('GET', '/agents/agente-legal', { status: 404, body: { message: 'Agente no encontrado' } });
    renderChatPage('/chat?agent=agente-legal');
    expect(await screen.findByRole('alert')).toHaveTextContent('Agente no encontrado');
    expect(within(screen.getByRole('alert')).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});

describe('ChatPage: a long conversation, page by page', () => {
  /** Pages of a hundred messages take jsdom a few seconds to render on a busy machine. */
  const MANY_MESSAGES_MS = 30_000;
  const id = conversationFixture().id;
  const page = (from: number, count: number) =>
    Array.from({ length: count }, (_, index) => messageFixture({ id: `m${from + index}`, content: `Mensaje ${from + index}` }));
  const olderCalls = () => api.callsTo('GET', `/conversations/${id}/messages`);
  // By text and by tag rather than by role: computing roles over hundreds of messages is slow in jsdom.
  const olderButton = () => screen.queryByText('Ver mensajes anteriores');
  const shownTexts = () => Array.from(document.querySelectorAll('.chat-messages > li'), (item) => item.textContent);

  it('opens on the newest page and puts each older page above it until the first message', async () => {
    api.on('GET', `/conversations/${id}`, { body: conversationFixture({ messages: page(150, 100), hasOlderMessages: true }) });
    api.on('GET', `/conversations/${id}/messages`, (call) =>
      call.url.searchParams.get('before') === 'm150' ? { body: page(50, 100) } : { body: page(0, 50) },
    );
    renderChatPage(`/chat/${id}`);
    expect(await screen.findByText('Mensaje 249')).toBeInTheDocument();
    expect(screen.queryByText('Mensaje 149')).not.toBeInTheDocument();

    await userEvent.click(olderButton()!);
    expect(await screen.findByText('Mensaje 50')).toBeInTheDocument();
    expect(olderCalls()[0]!.url.searchParams.get('before')).toBe('m150');
    expect(olderCalls()[0]!.url.searchParams.get('limit')).toBe('100');

    await userEvent.click(olderButton()!);
    expect(await screen.findByText('Mensaje 0')).toBeInTheDocument();
    expect(olderCalls()[1]!.url.searchParams.get('before')).toBe('m50');
    // A page shorter than asked for is the first: nothing older to offer.
    expect(olderButton()).not.toBeInTheDocument();
    // Every message once, oldest to newest.
    const numbers = shownTexts().map((text) => Number(/Mensaje (\d+)/.exec(text ?? '')?.[1]));
    expect(numbers).toEqual(Array.from({ length: 250 }, (_, index) => index));
  }, MANY_MESSAGES_MS);

  it('offers no older messages for a conversation that came whole', async () => {
    api.on('GET', `/conversations/${id}`, { body: conversationFixture({ messages: page(0, 3), hasOlderMessages: false }) });
    renderChatPage(`/chat/${id}`);
    expect(await screen.findByText('Mensaje 2')).toBeInTheDocument();
    expect(olderButton()).not.toBeInTheDocument();
  });

  it('says when older messages could not be loaded, and tries again', async () => {
    api.on('GET', `/conversations/${id}`, { body: conversationFixture({ messages: page(100, 100), hasOlderMessages: true }) });
    api.on('GET', `/conversations/${id}/messages`, { status: 400, body: { message: 'before debe ser el id de un mensaje de esta conversación' } });
    renderChatPage(`/chat/${id}`);
    await userEvent.click(await screen.findByText('Ver mensajes anteriores'));
    expect(await screen.findByText('No se pudieron cargar los mensajes anteriores')).toBeInTheDocument();

    api.on('GET', `/conversations/${id}/messages`, { body: page(60, 40) });
    await userEvent.click(screen.getByText('Reintentar'));
    expect(await screen.findByText('Mensaje 60')).toBeInTheDocument();
    expect(screen.queryByText('No se pudieron cargar los mensajes anteriores')).not.toBeInTheDocument();
    expect(olderCalls()).toHaveLength(2);
  }, MANY_MESSAGES_MS);
});

async function openAgentChat() {
  const conversation = conversationFixture();
  api.on('GET', `/conversations/${conversation.id}`, { body: { ...conversation, messages: [] } });
  const rendered = renderChatPage(`/chat/${conversation.id}`);
  await screen.findByText('Estás chateando con Asesor Legal. Escribe tu primera pregunta.');
  return { ...rendered, conversation };
}

describe('ChatPage: sending', () => {
  it('streams the reply in with a stop button, then shows it complete', async () => {
    const { conversation } = await openAgentChat();
    await userEvent.type(composer(), '¿Qué es una fianza?{Enter}');

    await waitFor(() => expect(chatCalls(api)).toHaveLength(1));
    const call = chatCalls(api)[0]!;
    expect(call.headers.Accept).toBe('text/event-stream');
    expect(call.body).toMatchObject({ conversationId: conversation.id, message: '¿Qué es una fianza?', userId: 'sub-ana' });
    expect((call.body as { messageId: string }).messageId).toMatch(/^msg-/);
    expect(screen.getByRole('button', { name: 'Detener' })).toBeInTheDocument();

    const stream = streams[0]!;
    act(() => {
      stream.send('start', { conversationId: conversation.id, messageId: 'r1', userMessageId: 'x' });
      stream.send('delta', { text: 'Una fianza ' });
    });
    await waitFor(() => expect(screen.getByTestId('streaming-reply')).toHaveTextContent('Una fianza'));
    act(() => {
      stream.send('delta', { text: 'es una garantía.' });
      stream.send('done', {
        message: 'Una fianza es una garantía.',
        completion: 'Una fianza es una garantía.',
        messageId: 'r1',
        conversationId: conversation.id,
        suggestedActions: [],
        suggestedQuestions: [],
        metadata: { modelProvider: 'openai-compatible', modelId: 'fake', usage: null, status: 'complete', agentName: 'Asesor Legal', agentId: 'agente-legal' },
      });
      stream.end();
    });

    await waitFor(() => expect(screen.queryByTestId('streaming-reply')).not.toBeInTheDocument());
    expect(screen.getByText('Una fianza es una garantía.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeInTheDocument();
  });

  it("'Detener' aborts the request and keeps what arrived, marked as stopped", async () => {
    const { queryClient, conversation } = await openAgentChat();
    await userEvent.type(composer(), 'Cuéntame{Enter}');
    await waitFor(() => expect(streams).toHaveLength(1));
    act(() => {
      streams[0]!.send('start', { conversationId: conversation.id, messageId: 'r9', userMessageId: 'x' });
      streams[0]!.send('delta', { text: 'Primera parte' });
    });
    await screen.findByText('Primera parte');

    await userEvent.click(screen.getByRole('button', { name: 'Detener' }));

    await waitFor(() => expect(screen.getByText('Respuesta detenida')).toBeInTheDocument());
    expect(streams[0]!.cancelled).toBe(true);
    const stored = messagesOf(queryClient.getQueryData<ConversationPages>(chatKeys.conversation(conversation.id)));
    const reply = stored.find((item) => item.role === 'assistant');
    expect(reply).toMatchObject({ id: 'r9', content: 'Primera parte', status: 'stopped' });
  });

  it("shows 'Error al enviar mensaje' with the server's message and resends with the same id", async () => {
    await openAgentChat();
    api.on('POST', '/bedrock/agents/chat', { status: 502, body: { message: 'El modelo no responde' } });
    await userEvent.type(composer(), 'Hola{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al enviar mensaje');
    expect(alert).toHaveTextContent('El modelo no responde');
    const firstId = (chatCalls(api)[0]!.body as { messageId: string }).messageId;

    api.on('POST', '/bedrock/agents/chat', {
      response: (signal) => {
        const stream = fakeSseStream(signal);
        streams.push(stream);
        return stream.response;
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Reenviar' }));
    await waitFor(() => expect(chatCalls(api)).toHaveLength(2));
    expect((chatCalls(api)[1]!.body as { messageId: string }).messageId).toBe(firstId);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The user message is shown once, not duplicated.
    expect(within(screen.getByRole('list', { name: 'Mensajes' })).getAllByText('Hola')).toHaveLength(1);
  });

  it("shows 'Error desconocido' when there is no message", async () => {
    await openAgentChat();
    api.on('POST', '/bedrock/agents/chat', { networkError: true });
    await userEvent.type(composer(), 'Hola{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al enviar mensaje');

    api.on('POST', '/bedrock/agents/chat', {
      response: (signal) => {
        const stream = fakeSseStream(signal);
        stream.send('error', { statusCode: 500, message: '' });
        stream.end();
        return stream.response;
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Reenviar' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Error desconocido'));
  });

  it("renders a failed reply (no model) distinctly but not as an error, and 'Reenviar' sends the same user message id", async () => {
    const conversation = conversationFixture();
    api.on('GET', `/conversations/${conversation.id}`, {
      body: {
        ...conversation,
        messages: [
          messageFixture({ id: 'msg-1', content: 'Hola' }),
          messageFixture({ id: 'r1', role: 'assistant', content: 'No hay ningún modelo de IA configurado.', status: 'failed' }),
        ],
      },
    });
    renderChatPage(`/chat/${conversation.id}`);
    const caption = await screen.findByText('No se pudo completar la respuesta');
    expect(caption.closest('li')).toHaveAttribute('data-status', 'failed');
    // A notice that the assistant could not answer, not a red alarm.
    expect(caption.getAttribute('style') ?? '').not.toMatch(/red/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reenviar' }));
    await waitFor(() => expect(chatCalls(api)).toHaveLength(1));
    expect(chatCalls(api)[0]!.body).toMatchObject({ messageId: 'msg-1', message: 'Hola' });
    // The failed reply makes way for the new one.
    expect(screen.queryByText('No hay ningún modelo de IA configurado.')).not.toBeInTheDocument();
  });

  it("offers 'Reenviar' on a last question whose reply was cut (a server restart), and resends it with its id", async () => {
    const conversation = conversationFixture();
    api.on('GET', `/conversations/${conversation.id}`, {
      body: {
        ...conversation,
        messages: [
          messageFixture({ id: 'msg-1', content: '¿Qué es una fianza?' }),
          messageFixture({ id: 'r1', role: 'assistant', content: 'Una garantía.' }),
          messageFixture({ id: 'msg-2', content: '¿Y un aval?' }),
        ],
      },
    });
    renderChatPage(`/chat/${conversation.id}`);
    await screen.findByText('¿Y un aval?');
    // Only the unanswered question offers it.
    expect(screen.getAllByRole('button', { name: 'Reenviar' })).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Reenviar' }));
    await waitFor(() => expect(chatCalls(api)).toHaveLength(1));
    expect(chatCalls(api)[0]!.body).toMatchObject({ conversationId: conversation.id, messageId: 'msg-2', message: '¿Y un aval?' });
    // While its reply streams in, the question is not offered again, nor shown twice.
    expect(screen.queryByRole('button', { name: 'Reenviar' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Mensajes' })).getAllByText('¿Y un aval?')).toHaveLength(1);
  });

  it("opens 'Suscripción Pausada' on 409 SubscriptionPaused; 'Gestionar suscripción' goes to the subscription tab", async () => {
    await openAgentChat();
    api.on('POST', '/bedrock/agents/chat', { status: 409, body: { statusCode: 409, message: 'Suscripción Pausada', code: 'SubscriptionPaused' } });
    await userEvent.type(composer(), 'Hola{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Suscripción Pausada' });
    expect(within(dialog).getByRole('button', { name: 'Reanudar suscripción' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: 'Cerrar' }).length).toBeGreaterThan(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gestionar suscripción' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/mi-perfil?tab=SUBSCRIPTION'));
  });

  it('shows the SubscriptionRequired message with a link to the agent in the marketplace', async () => {
    await openAgentChat();
    const text = 'Necesitas una suscripción activa para chatear con este agente.';
    api.on('POST', '/bedrock/agents/chat', { status: 403, body: { statusCode: 403, message: text, code: 'SubscriptionRequired' } });
    await userEvent.type(composer(), 'Hola{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(within(alert).getByRole('link', { name: 'Ver el agente en el marketplace' })).toHaveAttribute(
      'href',
      '/marketplace/agent/agente-legal',
    );
  });

  it('creates a main-assistant conversation with the first message, then streams the reply', async () => {
    const created = conversationFixture({ id: 'main-1', title: 'Quiero un agente', category: 'main', metadata: { isCreatorAgent: true } });
    api.on('POST', '/conversations', { status: 201, body: created });
    const { queryClient } = renderChatPage('/chat');
    expect(screen.getByText('Hola, soy Nova. ¿En qué puedo ayudarte hoy?')).toBeInTheDocument();
    expect(api.callsTo('POST', '/conversations')).toHaveLength(0);

    await userEvent.type(composer(), 'Quiero un agente{Enter}');

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/chat/main-1'));
    expect(api.callsTo('POST', '/conversations')[0]!.body).toEqual({ title: 'Quiero un agente' });
    await waitFor(() => expect(chatCalls(api)).toHaveLength(1));
    expect(chatCalls(api)[0]!.body).toMatchObject({ conversationId: 'main-1', message: 'Quiero un agente' });
    expect(listed(queryClient).map((c) => c.id)).toEqual(['main-1']);
  });
});

describe('ChatPage: a paused subscription on opening an agent chat', () => {
  const ana: ChatOwner = { status: 'user', userId: 'sub-ana' };
  const lookupPath = '/stripe-user-subscriptions/subscriptions/user/sub-ana/agente-legal';
  const subscription = (status: string) => ({
    success: true,
    data: {
      subscriptionId: 'sub_1',
      status,
      isBundle: false,
      agents: [],
      priceId: 'price_1',
      price: 19.99,
      userId: 'sub-ana',
      agentId: 'agente-legal',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      finishedAt: null,
    },
  });
  const paidAgent = (overrides: Record<string, unknown> = {}) => {
    api.on('GET', '/agents/agente-legal', {
      body: { id: 'agente-legal', name: 'Asesor Legal', description: 'Explica contratos.', price: 19.99, createdBy: 'bob', creatorId: 'sub-bob', ...overrides },
    });
  };
  const openChat = async (owner: ChatOwner = ana) => {
    const conversation = conversationFixture();
    api.on('GET', `/conversations/${conversation.id}`, { body: { ...conversation, messages: [] } });
    const rendered = renderChatPage(`/chat/${conversation.id}`, owner);
    await screen.findByText('Estás chateando con Asesor Legal. Escribe tu primera pregunta.');
    return rendered;
  };
  /** Lets any lookup the page would make start and settle. */
  const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

  it("shows 'Suscripción Pausada' as soon as the chat opens, without sending anything", async () => {
    paidAgent();
    api.on('GET', lookupPath, { body: subscription('paused') });
    await openChat();

    const dialog = await screen.findByRole('dialog', { name: 'Suscripción Pausada' });
    expect(within(dialog).getByRole('button', { name: 'Reanudar suscripción' })).toBeInTheDocument();
    expect(api.callsTo('GET', lookupPath)).toHaveLength(1);
    expect(chatCalls(api)).toHaveLength(0);
  });

  it('shows it too when the chat is opened from ?agent= (a new conversation)', async () => {
    paidAgent();
    api.on('GET', lookupPath, { body: subscription('paused') });
    api.on('POST', '/conversations', { status: 201, body: conversationFixture() });
    renderChatPage('/chat?agent=agente-legal', ana);

    expect(await screen.findByRole('dialog', { name: 'Suscripción Pausada' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/conversations')).toHaveLength(0);
    expect(chatCalls(api)).toHaveLength(0);
  });

  it('shows no dialog for an active subscription', async () => {
    paidAgent();
    api.on('GET', lookupPath, { body: subscription('active') });
    await openChat();
    await waitFor(() => expect(api.callsTo('GET', lookupPath)).toHaveLength(1));
    await settle();
    expect(screen.queryByRole('dialog', { name: 'Suscripción Pausada' })).not.toBeInTheDocument();
  });

  it.each([
    ['a failed lookup', { status: 500, body: { message: 'Error interno' } }],
    ['a lookup that cannot reach the server', { networkError: true }],
    ['no subscription', { body: { success: false, data: null } }],
  ])('shows neither the dialog nor an error on %s, and the chat still works', async (_label, reply) => {
    paidAgent();
    api.on('GET', lookupPath, reply);
    await openChat();
    await waitFor(() => expect(api.callsTo('GET', lookupPath).length).toBeGreaterThan(0));
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.type(composer(), 'Hola{Enter}');
    await waitFor(() => expect(chatCalls(api)).toHaveLength(1));
  });

  it.each([
    ['a free agent', () => paidAgent({ price: 0 }), ana],
    ['an agent without a price', () => paidAgent({ price: undefined }), ana],
    ['its creator (by user id, whatever their public name)', () => paidAgent({ createdBy: 'ana-garcia', creatorId: 'sub-ana' }), ana],
    ['an admin', () => paidAgent(), { ...ana, isAdmin: true } as ChatOwner],
  ])('does not look the subscription up for %s', async (_label, arrange, owner) => {
    arrange();
    api.on('GET', lookupPath, { body: subscription('paused') });
    await openChat(owner);
    await settle();
    expect(api.callsTo('GET', '/stripe-user-subscriptions/*')).toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: 'Suscripción Pausada' })).not.toBeInTheDocument();
  });

  it('does not look anything up in a main-assistant chat', async () => {
    api.on('GET', '/stripe-user-subscriptions/*', { body: subscription('paused') });
    renderChatPage('/chat', ana);
    await settle();
    expect(api.callsTo('GET', '/stripe-user-subscriptions/*')).toHaveLength(0);
  });
});

describe('ChatPage: assistant instructions', () => {
  it("reads and saves the main assistant's instructions for the user", async () => {
    api.on('POST', '/users/sub-ana/nova-prompt', (call) =>
      (call.body as { prompt?: string }).prompt === undefined
        ? { body: { prompt: 'Responde en español.', custom: false } }
        : { body: { prompt: (call.body as { prompt: string }).prompt, custom: true } },
    );
    renderChatPage('/chat');
    await userEvent.click(screen.getByRole('button', { name: 'Instrucciones del asistente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Instrucciones del asistente' });
    const box = await within(dialog).findByRole('textbox', { name: 'Instrucciones' });
    expect(box).toHaveValue('Responde en español.');
    expect(within(dialog).getByText('Estás usando las instrucciones por defecto.')).toBeInTheDocument();

    await userEvent.clear(box);
    await userEvent.type(box, 'Sé breve.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(api.callsTo('POST', '/users/sub-ana/nova-prompt')).toHaveLength(2));
    expect(api.callsTo('POST', '/users/sub-ana/nova-prompt')[0]!.body).toEqual({});
    expect(api.callsTo('POST', '/users/sub-ana/nova-prompt')[1]!.body).toEqual({ prompt: 'Sé breve.' });
  });

  it("says when the instructions could not be loaded, and 'Reintentar' loads them", async () => {
    api.on('POST', '/users/sub-ana/nova-prompt', { status: 500, body: { message: 'Error interno' } });
    renderChatPage('/chat');
    await userEvent.click(screen.getByRole('button', { name: 'Instrucciones del asistente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Instrucciones del asistente' });
    expect(await within(dialog).findByText('No se pudieron cargar las instrucciones')).toBeInTheDocument();

    api.on('POST', '/users/sub-ana/nova-prompt', { body: { prompt: 'Responde en español.', custom: true } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reintentar' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Instrucciones' })).toHaveValue('Responde en español.');
  });

  it('is not offered in an agent chat', async () => {
    await openAgentChat();
    expect(screen.queryByRole('button', { name: 'Instrucciones del asistente' })).not.toBeInTheDocument();
  });
});
