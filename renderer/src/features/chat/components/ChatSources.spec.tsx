import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { conversationFixture, messageFixture, renderChatPage } from '../../../../test/chat';
import { fakeSseStream, type FakeSseStream } from '../../../../test/sse';

const LAW = { documentId: 'doc-ley', documentName: 'ley.pdf', page: 37, snippet: 'El plazo de preaviso para desistir del contrato es de treinta días.' };
const NOTES = { documentId: 'doc-notas', documentName: 'notas.md', page: null, snippet: 'La fianza es de una mensualidad.' };

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
    api.on('GET', `/conversations/${conversationFixture().id}`, {
      body: conversationFixture({
        messages: [
          messageFixture({ id: 'u1', content: '¿Cuál es el plazo de preaviso?' }),
          messageFixture({ id: 'r1', role: 'assistant', content: 'Treinta días.', metadata: { agentId: 'agente-legal', agentName: 'Asesor Legal', sources: [LAW, NOTES] } }),
          messageFixture({ id: 'u2', content: 'Gracias' }),
          messageFixture({ id: 'r2', role: 'assistant', content: 'De nada.', metadata: { agentId: 'agente-legal', agentName: 'Asesor Legal' } }),
        ],
      }),
    });
    renderChatPage(`/chat/${conversationFixture().id}`);
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
    api.on('GET', `/conversations/${conversationFixture().id}`, { body: conversationFixture({ messages: [] }) });
    renderChatPage(`/chat/${conversationFixture().id}`);
    await screen.findByText('Estás chateando con Asesor Legal. Escribe tu primera pregunta.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Escribe tu mensaje' }), '¿Cuál es el plazo de preaviso?{Enter}');
    await waitFor(() => expect(streams).toHaveLength(1));

    act(() => {
      streams[0]!.send('start', { conversationId: conversationFixture().id, messageId: 'r1', userMessageId: 'x' });
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
        conversationId: conversationFixture().id,
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
