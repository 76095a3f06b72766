import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { conversationFixture, messageFixture, renderChatPage } from '../../../../test/chat';
import { fakeSseStream, type FakeSseStream } from '../../../../test/sse';

const CONVERSATION = conversationFixture().id;
const AGENT = { agentId: 'agente-legal', agentName: 'Asesor Legal' };
const STOCK_CALL = { id: 'call_1', tool: 'consultar_stock', sourceName: 'Inventario', arguments: { sku: 'A1' } };
const ORDER_CALL = { id: 'call_2', tool: 'crear_pedido', sourceName: 'Pedidos', arguments: { sku: 'A1', unidades: 2 } };

let api: ApiMock;
let streams: FakeSseStream[];

const streamRoute = () => ({
  response: (signal: AbortSignal | undefined) => {
    const stream = fakeSseStream(signal);
    streams.push(stream);
    return stream.response;
  },
});

const done = (message: string, metadata: object = {}) => ({
  message,
  completion: message,
  messageId: 'r1',
  conversationId: CONVERSATION,
  suggestedActions: [],
  suggestedQuestions: [],
  metadata: { modelProvider: 'openai-compatible', modelId: 'fake', usage: null, status: 'complete', ...AGENT, ...metadata },
});

beforeEach(() => {
  api = mockApi();
  streams = [];
  api.on('GET', '/agents/agente-legal', { body: { id: 'agente-legal', name: 'Asesor Legal', description: 'Explica contratos.' } });
  api.on('POST', '/bedrock/agents/chat', streamRoute());
  api.on('POST', '/bedrock/agents/chat/confirmation', streamRoute());
  Object.assign(navigator, { clipboard: { writeText: jest.fn(() => Promise.resolve()) } });
});

async function sendFirstMessage(text: string) {
  api.on('GET', `/conversations/${CONVERSATION}`, { body: conversationFixture({ messages: [] }) });
  renderChatPage(`/chat/${CONVERSATION}`);
  await screen.findByText('Estás chateando con Asesor Legal. Escribe tu primera pregunta.');
  await userEvent.type(screen.getByRole('textbox', { name: 'Escribe tu mensaje' }), `${text}{Enter}`);
  await waitFor(() => expect(streams).toHaveLength(1));
}

describe("ChatPage: an agent's tool calls (issue 33)", () => {
  it('folds each call of a reloaded answer under it, with its arguments and result, and the note of a failed one', async () => {
    api.on('GET', `/conversations/${CONVERSATION}`, {
      body: conversationFixture({
        messages: [
          messageFixture({ id: 'u1', content: '¿Hay stock del A1?' }),
          messageFixture({
            id: 'r1',
            role: 'assistant',
            content: 'Quedan 7.',
            metadata: {
              ...AGENT,
              toolCalls: [
                { ...STOCK_CALL, status: 'done', ok: true, output: 'Quedan 7 unidades de A1' },
                { id: 'call_x', tool: 'roto', sourceName: 'Inventario', arguments: {}, status: 'done', ok: false, output: 'HTTP 500', note: 'No se ha podido usar la herramienta.' },
              ],
            },
          }),
        ],
      }),
    });
    renderChatPage(`/chat/${CONVERSATION}`);
    const calls = await screen.findByRole('list', { name: 'Herramientas usadas' });
    expect(calls.closest('li[data-role="assistant"]')).toHaveTextContent('Quedan 7.');
    const items = within(calls).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('summary')?.textContent)).toEqual(['Herramienta: consultar_stock', 'Herramienta: roto']);
    // Folded until opened.
    expect(within(items[0]!).getByText('Quedan 7 unidades de A1')).not.toBeVisible();
    await userEvent.click(within(items[0]!).getByText('Herramienta: consultar_stock'));
    expect(within(items[0]!).getByText('Argumentos')).toBeVisible();
    expect(within(items[0]!).getByText(/"sku": "A1"/)).toBeVisible();
    expect(within(items[0]!).getByText('Quedan 7 unidades de A1')).toBeVisible();
    // The failure's Spanish note shows without opening it.
    expect(within(items[1]!).getByRole('note')).toHaveTextContent('No se ha podido usar la herramienta.');
  });

  it('shows each call as it happens in the streamed answer, and keeps it there when the answer is done', async () => {
    await sendFirstMessage('¿Hay stock del A1?');
    act(() => {
      streams[0]!.send('start', { conversationId: CONVERSATION, messageId: 'r1', userMessageId: 'x' });
      streams[0]!.send('tool_call', STOCK_CALL);
    });
    const live = await screen.findByTestId('streaming-reply');
    await waitFor(() => expect(within(live).getByText('Herramienta: consultar_stock')).toBeInTheDocument());
    expect(within(live).getByText('Usando la herramienta…')).toBeInTheDocument();
    act(() => {
      streams[0]!.send('tool_result', { id: 'call_1', ok: true, output: 'Quedan 7 unidades de A1' });
      streams[0]!.send('delta', { text: 'Quedan 7.' });
    });
    await waitFor(() => expect(within(live).queryByText('Usando la herramienta…')).not.toBeInTheDocument());
    expect(within(live).getByText('Quedan 7 unidades de A1')).toBeInTheDocument();
    act(() => {
      streams[0]!.send('done', done('Quedan 7.', { toolCalls: [{ ...STOCK_CALL, status: 'done', ok: true, output: 'Quedan 7 unidades de A1' }] }));
      streams[0]!.end();
    });
    await waitFor(() => expect(screen.queryByTestId('streaming-reply')).not.toBeInTheDocument());
    const reply = screen.getByText('Quedan 7.').closest('li[data-role="assistant"]') as HTMLElement;
    expect(within(reply).getByText('Herramienta: consultar_stock')).toBeInTheDocument();
  });

  it("asks before a tool that needs it, posts 'Permitir' and streams the rest into the same answer", async () => {
    await sendFirstMessage('Pide 2 del A1');
    act(() => {
      streams[0]!.send('start', { conversationId: CONVERSATION, messageId: 'r1', userMessageId: 'x' });
      streams[0]!.send('tool_call', ORDER_CALL);
      streams[0]!.send('tool_confirmation', { ...ORDER_CALL, agentName: 'Asesor Legal' });
      streams[0]!.send(
        'done',
        done('', { toolCalls: [{ ...ORDER_CALL, status: 'pending' }], toolConfirmation: { ...ORDER_CALL, agentName: 'Asesor Legal' } }),
      );
      streams[0]!.end();
    });
    const card = await screen.findByRole('group', { name: 'Permiso para usar una herramienta' });
    expect(within(card).getByText('¿Permitir que Asesor Legal use crear_pedido?')).toBeInTheDocument();
    // The call waits for the user, it is not running.
    const paused = card.closest('li[data-role="assistant"]') as HTMLElement;
    expect(within(paused).getByText('Esperando tu permiso')).toBeInTheDocument();
    expect(within(paused).queryByText('Usando la herramienta…')).not.toBeInTheDocument();
    expect(within(card).getByText(/"unidades": 2/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Rechazar' })).toBeEnabled();

    await userEvent.click(within(card).getByRole('button', { name: 'Permitir' }));
    await waitFor(() => expect(streams).toHaveLength(2));
    expect(api.callsTo('POST', '/bedrock/agents/chat/confirmation')[0]!.body).toEqual({ conversationId: CONVERSATION, callId: 'call_2', allow: true });
    expect(screen.queryByRole('group', { name: 'Permiso para usar una herramienta' })).not.toBeInTheDocument();
    act(() => {
      streams[1]!.send('start', { conversationId: CONVERSATION, messageId: 'r1', userMessageId: 'x' });
      streams[1]!.send('tool_result', { id: 'call_2', ok: true, output: 'Pedido creado' });
      streams[1]!.send('delta', { text: 'Pedido hecho.' });
      streams[1]!.send('done', done('Pedido hecho.', { toolCalls: [{ ...ORDER_CALL, status: 'done', ok: true, output: 'Pedido creado' }] }));
      streams[1]!.end();
    });
    await waitFor(() => expect(screen.queryByTestId('streaming-reply')).not.toBeInTheDocument());
    const replies = screen.getAllByRole('listitem').filter((item) => item.getAttribute('data-role') === 'assistant');
    expect(replies).toHaveLength(1);
    expect(replies[0]).toHaveTextContent('Pedido hecho.');
    expect(within(replies[0]!).getByText('Herramienta: crear_pedido')).toBeInTheDocument();
  });

  it("sends 'Rechazar' as allow: false", async () => {
    api.on('GET', `/conversations/${CONVERSATION}`, {
      body: conversationFixture({
        messages: [
          messageFixture({ id: 'u1', content: 'Pide 2 del A1' }),
          messageFixture({
            id: 'r1',
            role: 'assistant',
            content: '',
            metadata: { ...AGENT, toolCalls: [{ ...ORDER_CALL, status: 'pending' }], toolConfirmation: { ...ORDER_CALL, agentName: 'Asesor Legal' } },
          }),
        ],
      }),
    });
    renderChatPage(`/chat/${CONVERSATION}`);
    const card = await screen.findByRole('group', { name: 'Permiso para usar una herramienta' });
    await userEvent.click(within(card).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() => expect(api.callsTo('POST', '/bedrock/agents/chat/confirmation')).toHaveLength(1));
    expect(api.callsTo('POST', '/bedrock/agents/chat/confirmation')[0]!.body).toEqual({ conversationId: CONVERSATION, callId: 'call_2', allow: false });
  });

  it('drops the card and says why when the call was answered already (409)', async () => {
    api.on('POST', '/bedrock/agents/chat/confirmation', {
      status: 409,
      body: { message: 'Esta herramienta ya se ha permitido o rechazado.', statusCode: 409, code: 'ToolConfirmationAnswered' },
    });
    api.on('GET', `/conversations/${CONVERSATION}`, {
      body: conversationFixture({
        messages: [
          messageFixture({ id: 'u1', content: 'Pide 2 del A1' }),
          messageFixture({
            id: 'r1',
            role: 'assistant',
            content: '',
            metadata: { ...AGENT, toolCalls: [{ ...ORDER_CALL, status: 'pending' }], toolConfirmation: { ...ORDER_CALL, agentName: 'Asesor Legal' } },
          }),
        ],
      }),
    });
    renderChatPage(`/chat/${CONVERSATION}`);
    const card = await screen.findByRole('group', { name: 'Permiso para usar una herramienta' });
    await userEvent.click(within(card).getByRole('button', { name: 'Permitir' }));
    expect(await screen.findByText('Esta herramienta ya se ha permitido o rechazado.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Permiso para usar una herramienta' })).not.toBeInTheDocument();
    // The call stays listed under the answer.
    expect(screen.getByText('Herramienta: crear_pedido')).toBeInTheDocument();
  });
});
