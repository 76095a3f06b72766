import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { conversationFixture, messageFixture, renderChatPage } from '../../../../test/chat';
import { fakeSseStream, type FakeSseStream } from '../../../../test/sse';

const FILE_ID = '22222222-2222-4222-8222-222222222222';
const CSV = 'cliente;deuda\nMarta Villalobos;1834,50 €\n';

let api: ApiMock;
let streams: FakeSseStream[];

const fileInput = () => window.document.querySelector<HTMLInputElement>('input[type="file"]')!;
const composer = () => screen.getByRole('textbox', { name: 'Escribe tu mensaje' });

beforeEach(() => {
  api = mockApi();
  streams = [];
  api.on('GET', '/agents/agente-legal', { body: { id: 'agente-legal', name: 'Asesor Legal', description: 'Explica contratos.' } });
  api.on('GET', `/conversations/${conversationFixture().id}`, { body: conversationFixture({ messages: [] }) });
  api.on('POST', '/files', { status: 201, body: { fileId: FILE_ID, url: `/api/files/${FILE_ID}/content?expires=1&signature=x` } });
  api.on('POST', '/bedrock/agents/chat', {
    response: (signal) => {
      const stream = fakeSseStream(signal);
      streams.push(stream);
      return stream.response;
    },
  });
});

/** Answers the turn in flight, so that it ends as the app expects. */
async function answer(stream: FakeSseStream) {
  act(() => {
    stream.send('start', { conversationId: conversationFixture().id, messageId: 'r1', userMessageId: 'x' });
    stream.send('delta', { text: 'Debe 1834,50 €.' });
    stream.send('done', {
      message: 'Debe 1834,50 €.',
      completion: 'Debe 1834,50 €.',
      messageId: 'r1',
      conversationId: conversationFixture().id,
      suggestedActions: [],
      suggestedQuestions: [],
      metadata: { modelProvider: 'openai-compatible', modelId: 'fake', usage: null, status: 'complete', agentName: 'Asesor Legal', agentId: 'agente-legal' },
    });
    stream.end();
  });
  await waitFor(() => expect(screen.queryByTestId('streaming-reply')).not.toBeInTheDocument());
  expect(await screen.findByText('Debe 1834,50 €.')).toBeInTheDocument();
}

async function openChat() {
  renderChatPage(`/chat/${conversationFixture().id}`);
  await screen.findByText('Estás chateando con Asesor Legal. Escribe tu primera pregunta.');
}

describe('ChatComposer: files attached to a message (issue 32, item 3)', () => {
  it("uploads a picked document at once, shows it as a chip with its name, and sends its id with the next message", async () => {
    await openChat();
    const attach = screen.getByRole('button', { name: 'Adjuntar archivo' });
    expect(attach).toBeEnabled();
    await userEvent.upload(fileInput(), new File([CSV], 'clientes – morosos.csv', { type: 'text/csv' }));

    const [upload] = api.callsTo('POST', '/files');
    expect(String(upload!.body)).toContain('name="file"; filename="clientes – morosos.csv"');
    expect(String(upload!.body)).toContain('Marta Villalobos');
    const chips = await screen.findByRole('list', { name: 'Archivos adjuntos' });
    await waitFor(() => expect(within(chips).getByText('clientes – morosos.csv')).toBeInTheDocument());
    expect(within(chips).getByRole('button', { name: 'Quitar «clientes – morosos.csv»' })).toBeInTheDocument();

    await userEvent.type(composer(), '¿Cuánto debe Marta?{Enter}');
    await waitFor(() => expect(streams).toHaveLength(1));
    const [turn] = api.callsTo('POST', '/bedrock/agents/chat');
    expect(turn!.body).toMatchObject({ conversationId: conversationFixture().id, message: '¿Cuánto debe Marta?', fileIds: [FILE_ID] });
    // Sent: the chip goes; the conversation keeps the file for its next turns, and the message names it.
    expect(screen.queryByRole('list', { name: 'Archivos adjuntos' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Archivos enviados' })).getByText('clientes – morosos.csv')).toBeInTheDocument();
    await answer(streams[0]!);
  });

  it('names the files a stored message was sent with (after a reload)', async () => {
    api.on('GET', `/conversations/${conversationFixture().id}`, {
      body: conversationFixture({
        messages: [messageFixture({ id: 'u1', content: '¿Cuánto debe Marta?', metadata: { attachments: [{ fileId: FILE_ID, name: 'clientes – morosos.csv' }] } })],
      }),
    });
    renderChatPage(`/chat/${conversationFixture().id}`);
    const sent = await screen.findByRole('list', { name: 'Archivos enviados' });
    expect(within(sent).getByText('clientes – morosos.csv')).toBeInTheDocument();
  });

  it('sends nothing of a chip that was removed, and nothing when no file was attached', async () => {
    await openChat();
    await userEvent.upload(fileInput(), new File([CSV], 'clientes.csv', { type: 'text/csv' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Quitar «clientes.csv»' }));
    expect(screen.queryByRole('list', { name: 'Archivos adjuntos' })).not.toBeInTheDocument();

    await userEvent.type(composer(), 'Hola{Enter}');
    await waitFor(() => expect(api.callsTo('POST', '/bedrock/agents/chat')).toHaveLength(1));
    expect(api.callsTo('POST', '/bedrock/agents/chat')[0]!.body).not.toHaveProperty('fileIds');
    await answer(streams[0]!);
  });

  it("waits for an upload before the message can be sent", async () => {
    api.on('POST', '/files', { hang: true });
    await openChat();
    await userEvent.upload(fileInput(), new File([CSV], 'clientes.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Subiendo «clientes.csv»…')).toBeInTheDocument();
    await userEvent.type(composer(), 'Hola');
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  });

  it("says in Spanish why a file was not attached: the server's reason, too large, or not a document", async () => {
    api.on('POST', '/files', {
      status: 415,
      body: { statusCode: 415, message: 'El archivo debe ser una imagen PNG, JPEG, WebP o GIF, o un documento PDF, DOCX, TXT, Markdown, HTML o CSV.' },
    });
    await openChat();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(), new File(['MZ'], 'programa.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo adjuntar «programa.csv»: El archivo debe ser una imagen PNG, JPEG, WebP o GIF, o un documento PDF, DOCX, TXT, Markdown, HTML o CSV.',
    );
    expect(screen.queryByRole('list', { name: 'Archivos adjuntos' })).not.toBeInTheDocument();

    // Over the served limit (renderer/test/served-config.json: 20 MB): refused before uploading.
    const large = new File(['x'], 'enorme.pdf', { type: 'application/pdf' });
    Object.defineProperty(large, 'size', { value: 20 * 1024 * 1024 + 1 });
    await user.upload(fileInput(), large);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo adjuntar «enorme.pdf»: El archivo supera los 20 MB permitidos.');

    await user.upload(fileInput(), new File(['png'], 'foto.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo adjuntar «foto.png»: Solo se pueden adjuntar documentos PDF, DOCX, TXT, Markdown, HTML o CSV.',
    );
    expect(api.callsTo('POST', '/files')).toHaveLength(1);
  });
});
