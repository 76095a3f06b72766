import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { Route, Routes, useParams } from 'react-router-dom';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { fakeSseStream, type FakeSseStream } from '../../../../test/sse';
import { createQueryClient } from '../../../shared/api';
import { chatKeys, type Conversation, type Message } from '../api/chatQueries';
import { chatOwnerAtom } from '../state/chatAtoms';
import { ChatPage } from './ChatPage';

const conversation = (overrides: Partial<Conversation> = {}): Conversation => ({
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Chat con Asesor Legal',
  userId: 'sub-ana',
  metadata: { modelProvider: 'openai-compatible', modelId: 'fake', agentId: 'agente-legal', useBedrockAgent: false, isCreatorAgent: false },
  category: 'agent',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const message = (overrides: Partial<Message>): Message => ({
  id: 'm',
  role: 'user',
  content: 'Hola',
  timestamp: '2026-01-01T00:00:00.000Z',
  metadata: null,
  status: 'complete',
  usage: null,
  ...overrides,
});

const LAW = { documentId: 'doc-ley', documentName: 'ley.pdf', page: 37, snippet: 'El plazo de preaviso para desistir del contrato es de treinta días.' };
const NOTES = { documentId: 'doc-notas', documentName: 'notas.md', page: null, snippet: 'La fianza es de una mensualidad.' };

function ConversationRoute() {
  const { conversationId } = useParams();
  return <ChatPage conversationId={conversationId} />;
}

function renderChat(route: string) {
  const store = createStore();
  store.set(chatOwnerAtom, { status: 'user', userId: 'sub-ana' });
  const queryClient = createQueryClient();
  queryClient.setQueryData(chatKeys.list('sub-ana'), []);
  return renderWithProviders(
    <Routes>
      <Route path="/chat/:conversationId" element={<ConversationRoute />} />
      <Route path="*" element={null} />
    </Routes>,
    { route, store, queryClient },
  );
}

let api: ApiMock;
let streams: FakeSseStream[];

beforeEach(() => {
  api = mockApi();
  streams = [];
  api.on('GET', '/agents/agente-legal', { body: { id: 'agente-legal', name: 'Asesor Legal', description: 'Explica contratos.' } });
  api.on('POST', '/bedrock/agents/chat', {
    response: (signal) => {
      const stream = fakeSseStream(signal);
      streams.push(stream);
      return stream.response;
    },
  });
  Object.assign(navigator, { clipboard: { writeText: jest.fn(() => Promise.resolve()) } });
});

describe("ChatPage: an answer's 'Fuentes' (issue 32)", () => {
  it("shows 'Fuentes' under a reloaded answer that has sources, which opens each snippet with its document and page", async () => {
    api.on('GET', `/conversations/${conversation().id}`, {
      body: conversation({
        messages: [
          message({ id: 'u1', content: '¿Cuál es el plazo de preaviso?' }),
          message({ id: 'r1', role: 'assistant', content: 'Treinta días.', metadata: { agentId: 'agente-legal', agentName: 'Asesor Legal', sources: [LAW, NOTES] } }),
          message({ id: 'u2', content: 'Gracias' }),
          message({ id: 'r2', role: 'assistant', content: 'De nada.', metadata: { agentId: 'agente-legal', agentName: 'Asesor Legal' } }),
        ],
      }),
    });
    renderChat(`/chat/${conversation().id}`);
    const list = await screen.findByRole('list', { name: 'Mensajes' });

    // Only the answer with sources has the button, and the snippets stay closed until asked.
    const buttons = within(list).getAllByRole('button', { name: 'Fuentes' });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toHaveAttribute('aria-expanded', 'false');
    expect(within(list).queryByText(/preaviso para desistir/)).not.toBeInTheDocument();

    await userEvent.click(buttons[0]!);
    expect(buttons[0]).toHaveAttribute('aria-expanded', 'true');
    const sources = within(list).getByRole('list', { name: 'Fuentes' });
    const items = within(sources).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'ley.pdf, página 37«El plazo de preaviso para desistir del contrato es de treinta días.»',
      'notas.md«La fianza es de una mensualidad.»',
    ]);
    // It belongs to its answer.
    expect(buttons[0]!.closest('li[data-role="assistant"]')).toHaveTextContent('Treinta días.');

    await userEvent.click(buttons[0]!);
    expect(within(list).queryByRole('list', { name: 'Fuentes' })).not.toBeInTheDocument();
  });

  it("shows 'Fuentes' under a streamed answer from the stream's sources event", async () => {
    api.on('GET', `/conversations/${conversation().id}`, { body: conversation({ messages: [] }) });
    renderChat(`/chat/${conversation().id}`);
    await screen.findByText('Estás chateando con Asesor Legal. Escribe tu primera pregunta.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Escribe tu mensaje' }), '¿Cuál es el plazo de preaviso?{Enter}');
    await waitFor(() => expect(streams).toHaveLength(1));

    act(() => {
      streams[0]!.send('start', { conversationId: conversation().id, messageId: 'r1', userMessageId: 'x' });
      streams[0]!.send('delta', { text: 'Treinta días.' });
    });
    await waitFor(() => expect(screen.getByTestId('streaming-reply')).toHaveTextContent('Treinta días.'));
    expect(screen.queryByRole('button', { name: 'Fuentes' })).not.toBeInTheDocument();
    act(() => {
      streams[0]!.send('sources', [LAW]);
      streams[0]!.send('done', {
        message: 'Treinta días.',
        completion: 'Treinta días.',
        messageId: 'r1',
        conversationId: conversation().id,
        suggestedActions: [],
        suggestedQuestions: [],
        metadata: { modelProvider: 'openai-compatible', modelId: 'fake', usage: null, status: 'complete', agentName: 'Asesor Legal', agentId: 'agente-legal' },
      });
      streams[0]!.end();
    });
    await waitFor(() => expect(screen.queryByTestId('streaming-reply')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Fuentes' }));
    const sources = screen.getByRole('list', { name: 'Fuentes' });
    expect(within(sources).getByText('ley.pdf, página 37')).toBeInTheDocument();
    expect(within(sources).getByText('«El plazo de preaviso para desistir del contrato es de treinta días.»')).toBeInTheDocument();
  });
});
