import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { loadedRuntimeConfig } from '../../../../test/render';
import { createQueryClient } from '../../../shared/api';
import { defaultRuntimeConfig, runtimeConfigAtom, type RuntimeConfig } from '../../../shared/config';
import { ToastViewport } from '../../../shared/ui';
import type { Agent } from '../api/agentEditorQueries';
import type { AgentEditor } from '../types';
import { AgentEditorPage, type AgentEditorPageProps } from './AgentEditorPage';


const ANA: AgentEditor = { userId: 'sub-ana', isAdmin: false };
const CATALOGUE = {
  models: [
    { id: 'anthropic.claude-3-5-sonnet-20240620-v1:0', name: 'Anthropic Claude 3.5 Sonnet', provider: 'bedrock' },
    { id: 'llama3.1', name: 'llama3.1', provider: 'openai-compatible' },
  ],
  unavailable: [],
};
const AGENT: Agent = {
  id: 'agente-1',
  name: 'Asesor de Hipotecas',
  category: 'finance',
  description: 'Compara hipotecas',
  avatar: null,
  skills: ['Hipotecas'],
  capabilities: [],
  useCases: ['Primera vivienda'],
  price: 4.5,
  modelConfig: { modelId: 'llama3.1' },
  conversationStarters: [],
  temperature: null,
  maxAnswerTokens: null,
  createdBy: 'ana-garcia',
  creatorId: 'sub-ana',
  isPublic: false,
  ecosystemInclusionAllowed: false,
  ecosystemMinimumPrice: 0,
  popularity: 0,
  rating: 0,
  ratingCount: 0,
  priceId: null,
  createdAt: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-01-10T10:00:00.000Z',
};

/** The page in a data router (useBlocker needs one), with a page to leave to and the toasts. */
function renderPage(
  props: Partial<AgentEditorPageProps> = {},
  path = '/create-advanced-agent',
  queryClient: QueryClient = createQueryClient(),
  config: RuntimeConfig = loadedRuntimeConfig,
) {
  const store = createStore();
  store.set(runtimeConfigAtom, config);
  const page = <AgentEditorPage editor={ANA} {...props} />;
  const router = createMemoryRouter(
    [
      {
        path: '/create-advanced-agent',
        element: (
          <>
            <Link to="/marketplace">Ir al marketplace</Link>
            {page}
          </>
        ),
      },
      {
        path: '/edit-advanced-agent/:agentId',
        element: (
          <>
            <Link to="/marketplace">Ir al marketplace</Link>
            <AgentEditorPage editor={ANA} agentId="agente-1" {...props} />
          </>
        ),
      },
      { path: '/marketplace', element: <p>Página del marketplace</p> },
      { path: '/my-office', element: <p>Página de Mi Oficina</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider defaultColorScheme="dark" env="test">
      <QueryClientProvider client={queryClient}>
        <JotaiProvider store={store}>
          <RouterProvider router={router} />
          <ToastViewport />
        </JotaiProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

function typeInto(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('textbox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

// Filling in every field by keyboard takes a few seconds on a busy machine.
jest.setTimeout(30_000);

describe('AgentEditorPage', () => {
  let api: ApiMock;

  beforeEach(() => {
    api = mockApi().on('GET', '/models', { body: CATALOGUE });
  });

  it("starts from the conversational creator's draft ('Crear con formulario'), unsaved", async () => {
    renderPage({
      startFrom: {
        name: 'Asesor de Alquileres',
        category: 'legal',
        description: 'Contratos de alquiler',
        skills: ['LAU'],
        capabilities: [],
        useCases: [],
        price: 0,
        isPublic: false,
        modelId: '',
        systemPrompt: 'Eres un asesor de alquileres.',
      },
    });
    expect(await screen.findByRole('textbox', { name: /Nombre/ })).toHaveValue('Asesor de Alquileres');
    expect(screen.getByRole('textbox', { name: /Descripción/ })).toHaveValue('Contratos de alquiler');
    expect(screen.getByText('LAU')).toBeInTheDocument();
    expect(api.callsTo('POST', '/agents')).toHaveLength(0);
  });

  it('labels every field of an agent and its system prompt', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Crear Agente Avanzado' })).toBeInTheDocument();
    for (const label of ['Nombre', 'Descripción', 'Precio (€ al mes)', 'Prompt del sistema']) {
      expect(screen.getByRole('textbox', { name: new RegExp(`^${label.replace(/[()€]/g, '.')}`) })).toBeInTheDocument();
    }
    expect(screen.getByRole('textbox', { name: /^Categoría/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Modelo/ })).toBeEnabled());
    for (const list of ['Habilidades', 'Capacidades', 'Casos de uso']) {
      expect(screen.getByRole('textbox', { name: `Nueva entrada en ${list.toLowerCase()}` })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Subir imagen' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Privado: solo lo ves tú' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Público: aparece en el marketplace' })).not.toBeChecked();
  });

  it('says in Spanish what is missing and sends nothing', async () => {
    renderPage();
    fireEvent.change(screen.getByRole('textbox', { name: /^Precio/ }), { target: { value: '12,345' } });
    await userEvent.click(screen.getByRole('button', { name: 'Crear agente' }));
    expect(screen.getByText('El nombre es obligatorio.')).toBeInTheDocument();
    expect(screen.getByText('Elige una categoría.')).toBeInTheDocument();
    expect(screen.getByText('La descripción es obligatoria.')).toBeInTheDocument();
    expect(screen.getByText('El precio debe ser un número mayor o igual que 0, con dos decimales como mucho.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Revisa los campos marcados antes de guardar.');
    expect(api.callsTo('POST', '/agents')).toHaveLength(0);
  });

  it('creates the agent with every field, disables saving meanwhile and opens its edit page', async () => {
    let answer: (agent: Agent) => void = () => undefined;
    api.on('POST', '/agents', () => ({ hang: true }));
    // The save's answer is held back until the test releases it.
    const fetchMock = globalThis.fetch as jest.Mock;
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input: Request) => {
      if (input.method === 'POST' && input.url.endsWith('/agents')) {
        // Recorded; its own answer never comes (and ends with the save's time-out).
        original(input).catch(() => undefined);
        return new Promise((resolve) => {
          answer = (agent) => resolve(new Response(JSON.stringify(agent), { status: 201 }));
        });
      }
      return original(input);
    });
    const router = renderPage();

    typeInto(/^Nombre/, 'Asesor de Hipotecas');
    await choose('Categoría', 'Finanzas');
    typeInto(/^Descripción/, 'Compara hipotecas');
    typeInto('Nueva entrada en habilidades', 'Hipotecas');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Nueva entrada en habilidades' }), { key: 'Enter' });
    typeInto('Nueva entrada en casos de uso', 'Primera vivienda');
    await userEvent.click(screen.getByRole('button', { name: 'Añadir: Casos de uso' }));
    expect(within(screen.getByRole('list', { name: 'Habilidades' })).getByText('Hipotecas')).toBeInTheDocument();
    typeInto(/^Precio/, '4,5');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Modelo/ })).toBeEnabled());
    await choose('Modelo', 'llama3.1');
    await userEvent.click(screen.getByRole('radio', { name: 'Público: aparece en el marketplace' }));
    expect(screen.queryByRole('textbox', { name: /^Mínimo al mes por suscriptor/ })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: /Se puede incluir en ecosistemas/ }));
    typeInto(/^Mínimo al mes por suscriptor/, '3,25');
    typeInto(/^Prompt del sistema/, 'Eres un asesor hipotecario.');

    await userEvent.click(screen.getByRole('button', { name: 'Crear agente' }));
    expect(screen.getByRole('button', { name: 'Guardando…' })).toBeDisabled();
    expect(api.callsTo('POST', '/agents')[0].body).toEqual({
      name: 'Asesor de Hipotecas',
      category: 'finance',
      description: 'Compara hipotecas',
      avatar: null,
      skills: ['Hipotecas'],
      capabilities: [],
      useCases: ['Primera vivienda'],
      price: 4.5,
      modelConfig: { modelId: 'llama3.1' },
      isPublic: true,
      ecosystemInclusionAllowed: true,
      ecosystemMinimumPrice: 3.25,
      prompt: 'Eres un asesor hipotecario.',
    });

    api.on('GET', '/agents/agente-1', { body: { ...AGENT, isPublic: true } }).on('GET', '/agent-prompts/agente-1', { body: { prompt: 'Eres un asesor hipotecario.' } });
    answer({ ...AGENT, isPublic: true });
    expect(await screen.findByText('Agente "Asesor de Hipotecas" creado.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit-advanced-agent/agente-1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar agente: Asesor de Hipotecas' })).toBeInTheDocument();
  });

  it("checks the server's limits (GET /api/config) by the fields, in the same words", async () => {
    const limits = loadedRuntimeConfig.limits!;
    const agent = { ...limits.agent, name: { min: 1, max: 10 }, price: { min: 0, max: 100 }, ecosystemMinimumPrice: { min: 0, max: 50 } };
    renderPage({}, '/create-advanced-agent', createQueryClient(), { ...loadedRuntimeConfig, limits: { ...limits, agent } });
    // The name's box cuts a little past the limit, so that a too-long paste is seen and refused.
    expect(screen.getByRole('textbox', { name: /^Nombre/ })).toHaveAttribute('maxLength', '20');
    typeInto(/^Nombre/, 'Asesor de Hipotecas');
    typeInto(/^Precio/, '150');
    await userEvent.click(screen.getByRole('checkbox', { name: /Se puede incluir en ecosistemas/ }));
    typeInto(/^Mínimo al mes por suscriptor/, '60');
    await userEvent.click(screen.getByRole('button', { name: 'Crear agente' }));
    expect(screen.getByText('El nombre no puede superar los 10 caracteres.')).toBeInTheDocument();
    expect(screen.getByText('Debe estar entre 0 y 100 €.')).toBeInTheDocument();
    expect(screen.getByText('Debe estar entre 0 y 50 €.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/agents')).toHaveLength(0);
    // Changing a field clears its message only.
    typeInto(/^Nombre/, 'Asesor');
    expect(screen.queryByText('El nombre no puede superar los 10 caracteres.')).not.toBeInTheDocument();
    expect(screen.getByText('Debe estar entre 0 y 100 €.')).toBeInTheDocument();
  });

  it('before the configuration arrived checks no length (the server does) and offers no category yet', async () => {
    renderPage({}, '/create-advanced-agent', createQueryClient(), defaultRuntimeConfig);
    expect(screen.getByRole('textbox', { name: /^Nombre/ })).not.toHaveAttribute('maxLength');
    typeInto(/^Nombre/, 'A'.repeat(130));
    await userEvent.click(screen.getByRole('textbox', { name: /^Categoría/ }));
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Crear agente' }));
    expect(screen.getByText('Elige una categoría.')).toBeInTheDocument();
    expect(screen.queryByText(/no puede superar/)).not.toBeInTheDocument();
  });

  it("shows the server's refusal and keeps what the user typed", async () => {
    api.on('POST', '/agents', { status: 400, body: { statusCode: 400, message: 'El modelo "gpt-9" no está entre los modelos disponibles. Elige uno de la lista de modelos.' } });
    renderPage();
    typeInto(/^Nombre/, 'Mi agente');
    await choose('Categoría', 'Legal');
    typeInto(/^Descripción/, 'Algo');
    await userEvent.click(screen.getByRole('button', { name: 'Crear agente' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El modelo "gpt-9" no está entre los modelos disponibles.');
    expect(screen.getByRole('textbox', { name: /^Nombre/ })).toHaveValue('Mi agente');
    expect(screen.getByRole('button', { name: 'Crear agente' })).toBeEnabled();
  });

  describe('editing', () => {
    beforeEach(() => {
      api.on('GET', '/agents/agente-1', { body: AGENT }).on('GET', '/agent-prompts/agente-1', { body: { prompt: 'Eres un asesor.' } });
    });

    it('loads the agent and its prompt, and saves only what changed (an unchanged prompt is not sent)', async () => {
      api.on('POST', '/agents', { body: { ...AGENT, description: 'Compara hipotecas fijas' } });
      renderPage({}, '/edit-advanced-agent/agente-1');
      expect(await screen.findByRole('textbox', { name: /^Nombre/ })).toHaveValue('Asesor de Hipotecas');
      expect(screen.getByRole('textbox', { name: /^Prompt del sistema/ })).toHaveValue('Eres un asesor.');
      expect(screen.getByRole('textbox', { name: /^Categoría/ })).toHaveValue('Finanzas');

      typeInto(/^Descripción/, 'Compara hipotecas fijas');
      await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
      expect(await screen.findByText('Agente y prompt actualizados con éxito.')).toBeInTheDocument();
      const body = api.callsTo('POST', '/agents')[0].body as Record<string, unknown>;
      expect(body).toMatchObject({ id: 'agente-1', description: 'Compara hipotecas fijas', modelConfig: { modelId: 'llama3.1' } });
      expect(body).not.toHaveProperty('prompt');
    });

    it('tells another user that only the creator or an admin may edit, without the form', async () => {
      renderPage({ editor: { userId: 'sub-bob', isAdmin: false } }, '/edit-advanced-agent/agente-1');
      expect(await screen.findByRole('alert')).toHaveTextContent('Solo el creador de este agente o un administrador puede editarlo.');
      expect(screen.queryByRole('button', { name: 'Guardar cambios' })).not.toBeInTheDocument();
    });

    it('lets an admin edit anyone’s agent', async () => {
      renderPage({ editor: { userId: 'sub-jefa', isAdmin: true } }, '/edit-advanced-agent/agente-1');
      expect(await screen.findByRole('button', { name: 'Guardar cambios' })).toBeInTheDocument();
    });

    it('says so when the agent does not exist (or is private to someone else)', async () => {
      api.on('GET', '/agents/agente-1', { status: 404, body: { statusCode: 404, message: 'Agente no encontrado' } });
      renderPage({}, '/edit-advanced-agent/agente-1');
      expect(await screen.findByRole('alert')).toHaveTextContent('Agente no encontrado');
    });

    it('deletes after the confirmation the spec asks, then leaves for Mi Oficina', async () => {
      api.on('DELETE', '/agents/agente-1', { body: { success: true, id: 'agente-1' } });
      const router = renderPage({}, '/edit-advanced-agent/agente-1');
      await userEvent.click(await screen.findByRole('button', { name: 'Eliminar agente' }));
      const dialog = await screen.findByRole('dialog', { name: 'Eliminar agente' });
      expect(dialog).toHaveTextContent(
        '¿Está seguro de que desea eliminar el agente "Asesor de Hipotecas"? Esta acción no se puede deshacer.',
      );
      expect(api.callsTo('DELETE', '/agents/agente-1')).toHaveLength(0);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/my-office'));
      expect(await screen.findByText('Agente "Asesor de Hipotecas" eliminado con éxito.')).toBeInTheDocument();
    });

    it('warns before leaving with unsaved changes, and stays or leaves as the user says', async () => {
      const router = renderPage({}, '/edit-advanced-agent/agente-1');
      const name = await screen.findByRole('textbox', { name: /^Nombre/ });
      await userEvent.type(name, ' Plus');

      await userEvent.click(screen.getByRole('link', { name: 'Ir al marketplace' }));
      const dialog = await screen.findByRole('dialog', { name: 'Cambios sin guardar' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Seguir editando' }));
      expect(router.state.location.pathname).toBe('/edit-advanced-agent/agente-1');
      expect(name).toHaveValue('Asesor de Hipotecas Plus');

      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(true);

      await userEvent.click(screen.getByRole('link', { name: 'Ir al marketplace' }));
      await userEvent.click(within(await screen.findByRole('dialog', { name: 'Cambios sin guardar' })).getByRole('button', { name: 'Salir sin guardar' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace'));
    });

    it("shows the app's tabs beside 'Configuración', and the new current prompt when a tab changes it", async () => {
      renderPage(
        {
          extraTabs: ({ promptChanged }) => [
            {
              value: 'versions',
              label: 'Versiones del prompt',
              content: (
                <button type="button" onClick={promptChanged}>
                  Usar la versión 2
                </button>
              ),
            },
          ],
        },
        '/edit-advanced-agent/agente-1',
      );
      expect(await screen.findByRole('tab', { name: 'Configuración' })).toHaveAttribute('aria-selected', 'true');
      await userEvent.click(screen.getByRole('tab', { name: 'Versiones del prompt' }));
      api.on('GET', '/agent-prompts/agente-1', { body: { prompt: 'Eres un asesor (versión 2).' } });
      await userEvent.click(screen.getByRole('button', { name: 'Usar la versión 2' }));
      await waitFor(() => expect(api.callsTo('GET', '/agent-prompts/agente-1')).toHaveLength(2));
      await userEvent.click(screen.getByRole('tab', { name: 'Configuración' }));
      expect(await screen.findByRole('textbox', { name: /^Prompt del sistema/ })).toHaveValue('Eres un asesor (versión 2).');
    });

    it('opens the tab named in ?tab=', async () => {
      const tabs = () => [{ value: 'publish', label: 'Publicar como API', content: <p>Panel de publicación</p> }];
      renderPage({ extraTabs: tabs }, '/edit-advanced-agent/agente-1?tab=publish');
      expect(await screen.findByRole('tab', { name: 'Publicar como API' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByText('Panel de publicación')).toBeInTheDocument();
    });

    it('opens Configuración when ?tab= names no tab', async () => {
      renderPage({ extraTabs: () => [{ value: 'publish', label: 'Publicar como API', content: <p>Panel de publicación</p> }] }, '/edit-advanced-agent/agente-1?tab=otra');
      expect(await screen.findByRole('tab', { name: 'Configuración' })).toHaveAttribute('aria-selected', 'true');
    });

    it("shows a failed load with the server's message, and 'Reintentar' loads the agent again", async () => {
      api.on('GET', '/agents/agente-1', { status: 500, body: { statusCode: 500, message: 'La base de datos no responde' } });
      renderPage({}, '/edit-advanced-agent/agente-1');
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('La base de datos no responde');
      api.on('GET', '/agents/agente-1', { body: AGENT });
      await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
      expect(await screen.findByRole('textbox', { name: /^Nombre/ })).toHaveValue('Asesor de Hipotecas');
    });

    it("says when the new current prompt could not be loaded after a tab changed it, and 'Reintentar' loads it", async () => {
      renderPage(
        {
          extraTabs: ({ promptChanged }) => [
            { value: 'versions', label: 'Versiones del prompt', content: <button type="button" onClick={promptChanged}>Usar la versión 2</button> },
          ],
        },
        '/edit-advanced-agent/agente-1',
      );
      await userEvent.click(await screen.findByRole('tab', { name: 'Versiones del prompt' }));
      api.on('GET', '/agent-prompts/agente-1', { status: 503, body: { statusCode: 503, message: 'Servicio no disponible' } });
      await userEvent.click(screen.getByRole('button', { name: 'Usar la versión 2' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Servicio no disponible');
      api.on('GET', '/agent-prompts/agente-1', { body: { prompt: 'Eres un asesor (versión 2).' } });
      await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
      await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
      await userEvent.click(screen.getByRole('tab', { name: 'Configuración' }));
      expect(await screen.findByRole('textbox', { name: /^Prompt del sistema/ })).toHaveValue('Eres un asesor (versión 2).');
    });

    it("a save marks what shows agents as changed ('Mis Agentes', the team, the marketplace's lists), and the new prompt's versions", async () => {
      api.on('POST', '/agents', { body: AGENT });
      const queryClient = createQueryClient();
      const views = [['agents', 'creator', 'sub-ana'], ['user-agents', 'sub-ana'], ['agents', 'marketplace', {}], ['prompts', 'agente-1', 'versions']];
      for (const key of views) queryClient.setQueryData(key, []);
      renderPage({}, '/edit-advanced-agent/agente-1', queryClient);
      await screen.findByRole('textbox', { name: /^Prompt del sistema/ });
      typeInto(/^Prompt del sistema/, 'Eres un asesor muy breve.');
      await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
      expect(await screen.findByText('Agente y prompt actualizados con éxito.')).toBeInTheDocument();
      for (const key of views) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
      // The agent and its prompt are the server's answer: not asked for again.
      expect(api.callsTo('GET', '/agents/agente-1')).toHaveLength(1);
      expect(api.callsTo('GET', '/agent-prompts/agente-1')).toHaveLength(1);
    });

    it("a delete marks what shows agents as changed, so that 'Mis Agentes' no longer lists it", async () => {
      api.on('DELETE', '/agents/agente-1', { body: { success: true, id: 'agente-1' } });
      const queryClient = createQueryClient();
      queryClient.setQueryData(['agents', 'creator', 'sub-ana'], [{ id: 'agente-1' }]);
      const router = renderPage({}, '/edit-advanced-agent/agente-1', queryClient);
      await userEvent.click(await screen.findByRole('button', { name: 'Eliminar agente' }));
      await userEvent.click(within(await screen.findByRole('dialog', { name: 'Eliminar agente' })).getByRole('button', { name: 'Eliminar' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/my-office'));
      expect(queryClient.getQueryState(['agents', 'creator', 'sub-ana'])?.isInvalidated).toBe(true);
      expect(api.callsTo('GET', '/agents/agente-1')).toHaveLength(1);
    });

    it('says a failed delete in the spec’s words and stays', async () => {
      api.on('DELETE', '/agents/agente-1', { status: 409, body: { statusCode: 409, message: 'El agente tiene suscriptores' } });
      const router = renderPage({}, '/edit-advanced-agent/agente-1');
      await userEvent.click(await screen.findByRole('button', { name: 'Eliminar agente' }));
      await userEvent.click(within(await screen.findByRole('dialog', { name: 'Eliminar agente' })).getByRole('button', { name: 'Eliminar' }));
      expect(await screen.findByText('Ocurrió un error al intentar eliminar el agente.')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/edit-advanced-agent/agente-1');
      expect(screen.getByRole('button', { name: 'Eliminar agente' })).toBeEnabled();
    });

    it('leaves without asking when nothing changed', async () => {
      const router = renderPage({}, '/edit-advanced-agent/agente-1');
      await screen.findByRole('textbox', { name: /^Nombre/ });
      await userEvent.click(screen.getByRole('link', { name: 'Ir al marketplace' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace'));
    });
  });

  it('says when no model is configured: the agent will use the default one', async () => {
    api.on('GET', '/models', { body: { models: [], unavailable: [] } });
    renderPage();
    expect(
      await screen.findByText('No hay ningún modelo de IA configurado: el agente usará el modelo por defecto cuando lo haya.'),
    ).toBeInTheDocument();
  });
});

describe('AgentEditorPage: the chat settings (conversation starters, temperature, longest answer)', () => {
  let api: ApiMock;
  const starterBoxes = () => screen.queryAllByRole('textbox', { name: /^Frase de inicio \d$/ });
  const addStarter = () => userEvent.click(screen.getByRole('button', { name: 'Añadir frase de inicio' }));

  beforeEach(() => {
    api = mockApi().on('GET', '/models', { body: CATALOGUE });
  });

  it('offers up to the served number of starters, and sends what was set with a new agent', async () => {
    api.on('POST', '/agents', { status: 201, body: AGENT });
    renderPage();
    expect(screen.getByText('Hasta 4 preguntas que aparecen como botones al abrir un chat nuevo con el agente.')).toBeInTheDocument();
    expect(starterBoxes()).toHaveLength(0);
    for (let count = 1; count <= 4; count += 1) await addStarter();
    expect(starterBoxes()).toHaveLength(4);
    // The server's limit (4) reached: no more.
    expect(screen.queryByRole('button', { name: 'Añadir frase de inicio' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Quitar la frase de inicio 4' }));
    await userEvent.click(screen.getByRole('button', { name: 'Quitar la frase de inicio 3' }));
    typeInto('Frase de inicio 1', '¿Qué hipoteca me conviene?');
    typeInto('Frase de inicio 2', '  ¿Fija o variable?  ');
    typeInto(/^Temperatura/, '0,3');
    typeInto(/^Longitud máxima de la respuesta/, '512');

    typeInto(/^Nombre/, 'Asesor de Hipotecas');
    await choose('Categoría', 'Finanzas');
    typeInto(/^Descripción/, 'Compara hipotecas');
    await userEvent.click(screen.getByRole('button', { name: 'Crear agente' }));
    await waitFor(() => expect(api.callsTo('POST', '/agents')).toHaveLength(1));
    expect(api.callsTo('POST', '/agents')[0].body).toMatchObject({
      conversationStarters: ['¿Qué hipoteca me conviene?', '¿Fija o variable?'],
      temperature: 0.3,
      maxAnswerTokens: 512,
    });
  });

  it("checks them with the server's limits, in Spanish, and sends nothing", async () => {
    const limits = loadedRuntimeConfig.limits!;
    const agent = { ...limits.agent, conversationStarters: { min: 0, max: 2 }, conversationStarter: { min: 1, max: 20 } };
    renderPage({}, '/create-advanced-agent', createQueryClient(), { ...loadedRuntimeConfig, limits: { ...limits, agent } });
    expect(screen.getByText('Hasta 2 preguntas que aparecen como botones al abrir un chat nuevo con el agente.')).toBeInTheDocument();
    await addStarter();
    await addStarter();
    expect(screen.queryByRole('button', { name: 'Añadir frase de inicio' })).not.toBeInTheDocument();
    typeInto('Frase de inicio 1', 'Una pregunta demasiado larga');
    typeInto(/^Temperatura/, '1,5');
    typeInto(/^Longitud máxima de la respuesta/, '9000');
    typeInto(/^Nombre/, 'Asesor');
    await userEvent.click(screen.getByRole('button', { name: 'Crear agente' }));
    expect(screen.getByText('Cada frase puede tener como mucho 20 caracteres.')).toBeInTheDocument();
    expect(screen.getByText('Escribe la frase o quítala.')).toBeInTheDocument();
    expect(screen.getByText('La temperatura debe ser un número entre 0 y 1, con dos decimales como mucho.')).toBeInTheDocument();
    expect(screen.getByText('La longitud máxima debe ser un número entero entre 1 y 8192.')).toBeInTheDocument();

    typeInto('Frase de inicio 1', '¿Fija o variable?');
    typeInto('Frase de inicio 2', '¿fija o variable?');
    typeInto(/^Longitud máxima de la respuesta/, '100,5');
    await userEvent.click(screen.getByRole('button', { name: 'Crear agente' }));
    expect(screen.getByText('Esa frase ya está en la lista.')).toBeInTheDocument();
    expect(screen.getByText('La longitud máxima debe ser un número entero entre 1 y 8192.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/agents')).toHaveLength(0);
  });

  it("shows an agent's settings and saves a change; an emptied field goes back to the default (null)", async () => {
    const configured = { ...AGENT, conversationStarters: ['¿Fija o variable?', '¿Cuánto puedo pedir?'], temperature: 0.7, maxAnswerTokens: 1000 };
    api
      .on('GET', '/agents/agente-1', { body: configured })
      .on('GET', '/agent-prompts/agente-1', { body: { prompt: 'Eres un asesor.' } })
      .on('POST', '/agents', { body: { ...configured, conversationStarters: ['¿Cuánto puedo pedir?'], temperature: null } });
    renderPage({}, '/edit-advanced-agent/agente-1');
    expect(await screen.findByRole('textbox', { name: 'Frase de inicio 1' })).toHaveValue('¿Fija o variable?');
    expect(screen.getByRole('textbox', { name: 'Frase de inicio 2' })).toHaveValue('¿Cuánto puedo pedir?');
    expect(screen.getByRole('textbox', { name: /^Temperatura/ })).toHaveValue('0,7');
    expect(screen.getByRole('textbox', { name: /^Longitud máxima de la respuesta/ })).toHaveValue('1000');

    await userEvent.click(screen.getByRole('button', { name: 'Quitar la frase de inicio 1' }));
    typeInto(/^Temperatura/, '');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Agente y prompt actualizados con éxito.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/agents')[0].body).toMatchObject({
      id: 'agente-1',
      conversationStarters: ['¿Cuánto puedo pedir?'],
      temperature: null,
      maxAnswerTokens: 1000,
    });
    expect(screen.getByRole('textbox', { name: /^Temperatura/ })).toHaveValue('');
  });
});
