import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { createQueryClient } from '../../../shared/api';
import type { AgentDraft } from '../api/agentCreatorQueries';
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

// Typing whole sentences with userEvent takes seconds on a busy machine.
jest.setTimeout(30_000);

let api: ApiMock;
beforeEach(() => {
  api = mockApi();
  api.on('GET', '/agent-creator', { body: { modelAvailable: true, draft: EMPTY_DRAFT } });
  api.on('GET', '/models', { body: CATALOGUE });
});

const composer = () => screen.getByRole('textbox', { name: 'Mensaje para el creador de agentes' });

describe('AgentCreatorPage', () => {
  it('fills the draft from the reply, sends the hand-edited draft with the next message and creates the agent', async () => {
    api.on('POST', '/agent-creator/messages', () => ({
      body: { conversationId: 'c-1', userMessageId: 'u', messageId: `a-${api.calls.length}`, reply: '¿Qué tono?', draft: MODEL_DRAFT, modelAvailable: true },
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

  it('keeps what the user typed when the message could not be sent, and shows the server’s words', async () => {
    api.on('POST', '/agent-creator/messages', {
      status: 502,
      body: { statusCode: 502, message: 'El modelo no ha devuelto una respuesta válida. Tu mensaje se ha guardado: vuelve a intentarlo.' },
    });
    renderWithProviders(<AgentCreatorPage />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Mensaje para el creador de agentes' }), 'No me pierdas{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('El modelo no ha devuelto una respuesta válida.');
    expect(composer()).toHaveValue('No me pierdas');
  });

  it('without a model says so, offers the advanced form and still lets the draft be saved by hand', async () => {
    api.on('GET', '/agent-creator', { body: { modelAvailable: false, draft: EMPTY_DRAFT } });
    renderWithProviders(<AgentCreatorPage />);
    expect(await screen.findByRole('link', { name: 'Ir al formulario avanzado' })).toHaveAttribute('href', '/create-advanced-agent');
    expect(composer()).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toBeEnabled();
  });

  it('reopens an existing agent’s draft and saves it with PUT', async () => {
    api.on('GET', '/agent-creator/agents/mio/draft', { body: { agentId: 'mio', draft: MODEL_DRAFT } });
    api.on('PUT', '/agent-creator/agents/mio', { body: { id: 'mio', name: 'Asesor de Alquileres', avatar: null } });
    renderWithProviders(<AgentCreatorPage agentId="mio" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cambiar «Asesor de Alquileres» conversando' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.callsTo('PUT', '/agent-creator/agents/mio')).toHaveLength(1));
  });

  it('another user’s agent shows the server’s refusal', async () => {
    api.on('GET', '/agent-creator/agents/ajeno/draft', {
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
    api.on('GET', '/agent-creator/agents/mio/draft', { body: { agentId: 'mio', draft: MODEL_DRAFT } });
    const queryClient = createQueryClient();
    const views = [['agents', 'creator', 'sub-ana'], ['user-agents', 'sub-ana'], ['agents', 'marketplace', {}], ['prompts', 'mio', 'versions']];
    for (const key of views) queryClient.setQueryData(key, []);
    renderWithProviders(<AgentCreatorPage agentId="mio" />, { queryClient });
    await userEvent.click(await screen.findByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.callsTo('PUT', '/agent-creator/agents/mio')).toHaveLength(1));
    await waitFor(() => expect(queryClient.getQueryState(views[0]!)?.isInvalidated).toBe(true));
    for (const key of views) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    // The draft on screen is the one saved: not asked for again.
    expect(api.callsTo('GET', '/agent-creator/agents/mio/draft')).toHaveLength(1);
  });

  it('keeps the draft being edited when a reload of the agent’s draft fails (another screen changed the agent)', async () => {
    api.on('GET', '/agent-creator/agents/mio/draft', { body: { agentId: 'mio', draft: MODEL_DRAFT } });
    const { queryClient } = renderWithProviders(<AgentCreatorPage agentId="mio" />);
    const name = await screen.findByRole('textbox', { name: 'Nombre' });
    await userEvent.type(name, ' 2');
    api.on('GET', '/agent-creator/agents/mio/draft', { status: 500, body: { statusCode: 500, message: 'Error interno' } });
    await act(async () => {
      await queryClient.invalidateQueries({ queryKey: ['agents'] });
      // The cache tells the screen on its next tick.
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(api.callsTo('GET', '/agent-creator/agents/mio/draft')).toHaveLength(2);
    expect(queryClient.getQueryState(['agents', 'mio', 'draft'])?.status).toBe('error');
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
        body: { conversationId: 'c-1', userMessageId: 'u', messageId: 'a-1', reply: 'Listo', draft: { ...MODEL_DRAFT, modelId: 'modelo-retirado' }, modelAvailable: true },
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
