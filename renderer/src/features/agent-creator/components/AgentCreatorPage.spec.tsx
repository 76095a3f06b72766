import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { createQueryClient } from '../../../shared/api';
import type { AgentDraft, CreatorConversation } from '../api/agentCreatorQueries';
import { AgentCreatorPage } from './AgentCreatorPage';

/** GET /agent-creator's empty draft. */
const EMPTY_DRAFT: AgentDraft = {
  name: '',
  category: 'general',
  description: '',
  skills: [],
  capabilities: [],
  useCases: [],
  systemPrompt: '',
  modelId: '',
  price: 0,
  isPublic: false,
};

const MODEL_DRAFT: AgentDraft = {
  ...EMPTY_DRAFT,
  name: 'Asesor de Alquileres',
  category: 'legal',
  description: 'Ayuda a inquilinos.',
  skills: ['Leer contratos'],
  systemPrompt: 'Eres un asesor de alquileres.',
};

const CATALOGUE = {
  models: [
    { id: 'anthropic.claude-3-5-sonnet-20240620-v1:0', name: 'Anthropic Claude 3.5 Sonnet', provider: 'bedrock' },
    { id: 'llama3.1', name: 'llama3.1', provider: 'openai-compatible' },
  ],
  unavailable: [],
};

/** GET /agent-creator/conversation on a first visit: no conversation yet. */
const NO_CONVERSATION: CreatorConversation = { conversationId: null, agentId: null, title: 'Creador de agentes', draft: EMPTY_DRAFT, messages: [] };
/** The same for an existing agent: its draft, no conversation on it yet. */
const ON_AGENT: CreatorConversation = { conversationId: null, agentId: 'mio', title: 'Editar Asesor de Alquileres', draft: MODEL_DRAFT, messages: [] };

const reply = (fields: Record<string, unknown>) => ({
  body: { conversationId: 'c-1', userMessageId: 'u', messageId: 'a-1', reply: 'Listo', draft: MODEL_DRAFT, modelAvailable: true, draftUpdated: true, ...fields },
});

// Typing whole sentences with userEvent takes seconds on a busy machine.
jest.setTimeout(30_000);

let api: ApiMock;
beforeEach(() => {
  api = mockApi();
  api.on('GET', '/agent-creator', { body: { modelAvailable: true, draft: EMPTY_DRAFT } });
  api.on('GET', '/models', { body: CATALOGUE });
  api.on('GET', '/agent-creator/conversation', { body: NO_CONVERSATION });
});

const composer = () => screen.getByRole('textbox', { name: 'Mensaje para el creador de agentes' });

describe('AgentCreatorPage', () => {
  it('fills the draft from the reply, sends the hand-edited draft with the next message and creates the agent', async () => {
    api.on('POST', '/agent-creator/messages', () => ({
      body: { conversationId: 'c-1', userMessageId: 'u', messageId: `a-${api.calls.length}`, reply: '¿Qué tono?', draft: MODEL_DRAFT, modelAvailable: true, draftUpdated: true },
    }));
    api.on('POST', '/agent-creator/agents', { status: 201, body: { id: 'nuevo', name: 'Mi Asesor', avatar: null } });
    renderWithProviders(<AgentCreatorPage />);

    const create = await screen.findByRole('button', { name: 'Crear agente' });
    expect(create).toBeDisabled();
    await userEvent.type(composer(), 'Un agente para inquilinos{Enter}');
    expect(await screen.findByText('¿Qué tono?')).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Nombre' });
    expect(name).toHaveValue('Asesor de Alquileres');
    expect(composer()).toHaveValue('');

    await userEvent.clear(name);
    await userEvent.type(name, 'Mi Asesor');
    await userEvent.type(composer(), 'Cercano{Enter}');
    await waitFor(() => expect(api.callsTo('POST', '/agent-creator/messages')).toHaveLength(2));
    expect(api.callsTo('POST', '/agent-creator/messages')[1]!.body).toMatchObject({
      conversationId: 'c-1',
      message: 'Cercano',
      draft: { name: 'Mi Asesor' },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Crear agente' }));
    await waitFor(() => expect(api.callsTo('POST', '/agent-creator/agents')).toHaveLength(1));
    expect(api.callsTo('POST', '/agent-creator/agents')[0]!.body).toMatchObject({ conversationId: 'c-1', draft: { name: 'Asesor de Alquileres' } });
    // From then on the same agent is saved with PUT.
    expect(await screen.findByRole('button', { name: 'Guardar cambios' })).toBeInTheDocument();
  });

  it('after a failed turn the message stays in the thread, with the server’s words, ‘Reintentar’ (same message id) and the form', async () => {
    api.on('POST', '/agent-creator/messages', {
      status: 502,
      body: { statusCode: 502, message: 'El modelo no ha devuelto una respuesta válida. Tu mensaje se ha guardado: vuelve a intentarlo.' },
    });
    renderWithProviders(<AgentCreatorPage />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Nombre' }), 'Mi borrador');
    await userEvent.type(composer(), 'No me pierdas{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('El modelo no ha devuelto una respuesta válida.');
    const thread = screen.getByRole('list', { name: 'Conversación con el creador de agentes' });
    expect(within(thread).getByText('No me pierdas')).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Crear con formulario' })).toHaveAttribute('href', '/create-advanced-agent');

    api.on('POST', '/agent-creator/messages', reply({ reply: '¿Para quién es?' }));
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('¿Para quién es?')).toBeInTheDocument();
    const [first, retry] = api.callsTo('POST', '/agent-creator/messages');
    expect(retry!.body).toMatchObject({ message: 'No me pierdas', messageId: (first!.body as { messageId: string }).messageId, draft: { name: 'Mi borrador' } });
    expect(within(thread).getAllByText('No me pierdas')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a reply in plain text is shown and leaves the draft as it was, offering the form', async () => {
    api.on('POST', '/agent-creator/messages', reply({ reply: 'Claro, ¿para quién es el agente?', draft: { ...EMPTY_DRAFT, name: 'Mío' }, draftUpdated: false }));
    renderWithProviders(<AgentCreatorPage />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Nombre' }), 'Mío');
    await userEvent.type(composer(), 'Hola{Enter}');
    expect(await screen.findByText('Claro, ¿para quién es el agente?')).toBeInTheDocument();
    const notice = screen.getByTestId('creator-draft-unchanged');
    expect(notice).toHaveTextContent('El modelo ha respondido sin cambiar el borrador.');
    expect(within(notice).getByRole('link', { name: 'Crear con formulario' })).toHaveAttribute('href', '/create-advanced-agent');
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Mío');
  });

  it('reopens a creator conversation with its messages and its draft, and goes on in it', async () => {
    api.on('GET', '/agent-creator/conversation', {
      body: {
        ...NO_CONVERSATION,
        conversationId: 'c-9',
        title: 'Nuevo agente: Asesor de Alquileres',
        draft: MODEL_DRAFT,
        messages: [
          { id: 'm1', role: 'user', content: 'Un agente para inquilinos', timestamp: '2026-11-28T10:00:00.000Z', metadata: null, status: 'complete', usage: null },
          { id: 'm2', role: 'assistant', content: '¿Qué tono prefieres?', timestamp: '2026-11-28T10:00:01.000Z', metadata: null, status: 'complete', usage: null },
        ],
      },
    });
    api.on('POST', '/agent-creator/messages', reply({ conversationId: 'c-9' }));
    renderWithProviders(<AgentCreatorPage conversationId="c-9" />);
    expect(await screen.findByText('¿Qué tono prefieres?')).toBeInTheDocument();
    expect(screen.getByText('Un agente para inquilinos')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Asesor de Alquileres');
    expect(api.callsTo('GET', '/agent-creator/conversation')[0]!.url.searchParams.get('conversationId')).toBe('c-9');
    await userEvent.type(composer(), 'Cercano{Enter}');
    await waitFor(() => expect(api.callsTo('POST', '/agent-creator/messages')).toHaveLength(1));
    expect(api.callsTo('POST', '/agent-creator/messages')[0]!.body).toMatchObject({ conversationId: 'c-9', message: 'Cercano' });
  });

  it('without a model says so, offers the advanced form and still lets the draft be saved by hand', async () => {
    api.on('GET', '/agent-creator', { body: { modelAvailable: false, draft: EMPTY_DRAFT } });
    renderWithProviders(<AgentCreatorPage />);
    expect(await screen.findByRole('link', { name: 'Ir al formulario avanzado' })).toHaveAttribute('href', '/create-advanced-agent');
    expect(composer()).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toBeEnabled();
  });

  it('reopens an existing agent’s draft and saves it with PUT', async () => {
    api.on('GET', '/agent-creator/conversation', { body: ON_AGENT });
    api.on('PUT', '/agent-creator/agents/mio', { body: { id: 'mio', name: 'Asesor de Alquileres', avatar: null } });
    renderWithProviders(<AgentCreatorPage agentId="mio" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cambiar «Asesor de Alquileres» conversando' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/agent-creator/conversation')[0]!.url.searchParams.get('agentId')).toBe('mio');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.callsTo('PUT', '/agent-creator/agents/mio')).toHaveLength(1));
  });

  it('another user’s agent shows the server’s refusal', async () => {
    api.on('GET', '/agent-creator/conversation', {
      status: 403,
      body: { statusCode: 403, message: 'Solo el creador del agente o un administrador puede modificarlo o eliminarlo.' },
    });
    renderWithProviders(<AgentCreatorPage agentId="ajeno" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Solo el creador del agente o un administrador puede modificarlo');
  });

  it("a failed load shows the server's words with 'Reintentar', which loads the creator again", async () => {
    api.on('GET', '/agent-creator', { status: 503, body: { statusCode: 503, message: 'El servicio no está disponible' } });
    renderWithProviders(<AgentCreatorPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('El servicio no está disponible');
    api.on('GET', '/agent-creator', { body: { modelAvailable: true, draft: EMPTY_DRAFT } });
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Crea tu agente conversando' })).toBeInTheDocument();
  });

  it("a save marks what lists agents as changed ('Mis Agentes', the team's cards, the marketplace) and the agent's prompt versions", async () => {
    api.on('PUT', '/agent-creator/agents/mio', { body: { id: 'mio', name: 'Asesor de Alquileres', avatar: null } });
    api.on('GET', '/agent-creator/conversation', { body: ON_AGENT });
    const queryClient = createQueryClient();
    const views = [['agents', 'creator', 'sub-ana'], ['user-agents', 'sub-ana'], ['agents', 'marketplace', {}], ['prompts', 'mio', 'versions']];
    for (const key of views) queryClient.setQueryData(key, []);
    renderWithProviders(<AgentCreatorPage agentId="mio" />, { queryClient });
    await userEvent.click(await screen.findByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.callsTo('PUT', '/agent-creator/agents/mio')).toHaveLength(1));
    await waitFor(() => expect(queryClient.getQueryState(views[0]!)?.isInvalidated).toBe(true));
    for (const key of views) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('keeps the draft being edited when a reload of the creator’s conversation fails (another screen changed the agent)', async () => {
    api.on('GET', '/agent-creator/conversation', { body: ON_AGENT });
    const { queryClient } = renderWithProviders(<AgentCreatorPage agentId="mio" />);
    const name = await screen.findByRole('textbox', { name: 'Nombre' });
    await userEvent.type(name, ' 2');
    api.on('GET', '/agent-creator/conversation', { status: 500, body: { statusCode: 500, message: 'Error interno' } });
    await act(async () => {
      await queryClient.invalidateQueries({ queryKey: ['agent-creator', 'conversation'] });
      // The cache tells the screen on its next tick.
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(api.callsTo('GET', '/agent-creator/conversation')).toHaveLength(2);
    expect(queryClient.getQueryState(['agent-creator', 'conversation', '', 'mio'])?.status).toBe('error');
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Asesor de Alquileres 2');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  describe('the draft’s model field', () => {
    const modelPicker = () => screen.getByRole('textbox', { name: /^Modelo/ });

    it('is the catalogue picker: the configured providers’ models by provider, and the chosen one is saved', async () => {
      api.on('POST', '/agent-creator/agents', { status: 201, body: { id: 'nuevo', name: 'Asesor', avatar: null } });
      renderWithProviders(<AgentCreatorPage />);
      await userEvent.type(await screen.findByRole('textbox', { name: 'Nombre' }), 'Asesor');
      await userEvent.type(screen.getByRole('textbox', { name: 'Descripción' }), 'Ayuda.');
      await userEvent.type(screen.getByRole('textbox', { name: 'Instrucciones del agente (prompt del sistema)' }), 'Eres un asesor.');
      await waitFor(() => expect(modelPicker()).toBeEnabled());
      expect(screen.getByText('Sin elegir, el agente usa el modelo por defecto.')).toBeInTheDocument();

      await userEvent.click(modelPicker());
      expect(await screen.findByText('Amazon Bedrock')).toBeInTheDocument();
      expect(screen.getByText('Servidor compatible con OpenAI')).toBeInTheDocument();
      expect(screen.getByRole('option', { name: 'Anthropic Claude 3.5 Sonnet (anthropic.claude-3-5-sonnet-20240620-v1:0)' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('option', { name: 'llama3.1' }));
      expect(modelPicker()).toHaveValue('llama3.1');

      await userEvent.click(screen.getByRole('button', { name: 'Crear agente' }));
      await waitFor(() => expect(api.callsTo('POST', '/agent-creator/agents')).toHaveLength(1));
      expect(api.callsTo('POST', '/agent-creator/agents')[0]!.body).toMatchObject({ draft: { modelId: 'llama3.1' } });
      expect(api.callsTo('GET', '/models')).toHaveLength(1);
    });

    it('keeps a model the assistant proposed even when no provider lists it', async () => {
      api.on('POST', '/agent-creator/messages', {
        body: { conversationId: 'c-1', userMessageId: 'u', messageId: 'a-1', reply: 'Listo', draft: { ...MODEL_DRAFT, modelId: 'modelo-retirado' }, modelAvailable: true, draftUpdated: true },
      });
      renderWithProviders(<AgentCreatorPage />);
      await userEvent.type(await screen.findByRole('textbox', { name: 'Mensaje para el creador de agentes' }), 'Hola{Enter}');
      expect(await screen.findByText('Listo')).toBeInTheDocument();
      await waitFor(() => expect(modelPicker()).toHaveValue('modelo-retirado (actual)'));
    });

    it('says when the list of models could not be loaded, and the default model still applies', async () => {
      api.on('GET', '/models', { status: 503, body: { statusCode: 503, message: 'No disponible' } });
      renderWithProviders(<AgentCreatorPage />);
      expect(await screen.findByText('No se ha podido cargar la lista de modelos.')).toBeInTheDocument();
      expect(modelPicker()).toHaveValue('');
    });
  });
});
