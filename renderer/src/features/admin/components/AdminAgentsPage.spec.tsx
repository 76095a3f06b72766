import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { ToastViewport } from '../../../shared/ui';
import type { AdminAgent } from '../api/adminQueries';
import { AdminAgentsPage } from './AdminAgentsPage';

jest.setTimeout(20_000);

/** The API mock strips '/api' from paths, so '/api-admin/agents' is matched as '-admin/agents'. */
const admin = (path: string) => `-admin${path}`;

const CATEGORIES = [
  { value: 'legal', label: 'Legal' },
  { value: 'finance', label: 'Finanzas' },
  { value: 'marketing', label: 'Marketing' },
];

/** What the screen reads of an agent the server lists. */
type ListedAgent = Pick<AdminAgent, 'id' | 'name' | 'category' | 'description' | 'createdBy' | 'isPublic' | 'assignments' | 'conversations'>;

const agent = (id: string, name: string, extra: Partial<ListedAgent> = {}): ListedAgent => ({
  id,
  name,
  category: 'legal',
  description: `Descripción de ${name}`,
  createdBy: 'system',
  isPublic: true,
  assignments: 3,
  conversations: 7,
  ...extra,
});

const AGENTS = [
  agent('a1', 'Asesor Legal'),
  agent('a2', 'Asesor Financiero', { category: 'finance', createdBy: 'ana', isPublic: false }),
  agent('a3', 'Experto en Marketing', { category: 'marketing', assignments: 1, conversations: 1 }),
];

const METRICS = {
  totalAgents: 3,
  publicAgentsCount: 2,
  privateAgentsCount: 1,
  agents: [
    { id: 'a1', name: 'Asesor Legal', category: 'legal', assignments: 4, conversations: 12, createdBy: 'system', isPublic: true },
    { id: 'a2', name: 'Asesor Financiero', category: 'finance', assignments: 1, conversations: 2, createdBy: 'ana', isPublic: false },
  ],
};

function serverWith(agents: ListedAgent[] = AGENTS): ApiMock {
  return mockApi()
    .on('GET', admin('/agents'), { body: agents })
    .on('GET', admin('/agents/a1/prompt'), { body: { prompt: 'Eres un asesor legal.' } })
    .on('GET', admin('/metrics/agents'), { body: METRICS });
}

function renderPage() {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/admin/agents" element={<AdminAgentsPage categories={CATEGORIES} />} />
        <Route path="/create-advanced-agent" element={<h1>Crear Agente Avanzado</h1>} />
      </Routes>
      <ToastViewport />
    </>,
    { route: '/admin/agents' },
  );
}

describe('AdminAgentsPage (Panel de Administración)', () => {
  it('shows the loading text, then one card per agent with the count', async () => {
    serverWith();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Panel de Administración' })).toBeInTheDocument();
    expect(screen.getByText('Cargando agentes...')).toBeInTheDocument();

    expect(await screen.findByText('Mostrando 3 de 3 agentes.')).toBeInTheDocument();
    const card = screen.getByRole('listitem', { name: 'Asesor Financiero' });
    expect(within(card).getByText('Finanzas')).toBeInTheDocument();
    expect(within(card).getByText('Privado')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Recargar Asesor Financiero' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Editar Asesor Financiero' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Eliminar Asesor Financiero' })).toBeInTheDocument();
    expect(card).toHaveTextContent('3 asignaciones · 7 conversaciones');
    // One of each, in the singular (issue 31: not '1 asignaciones').
    expect(screen.getByRole('listitem', { name: 'Experto en Marketing' })).toHaveTextContent('1 asignación · 1 conversación');
  });

  it("with no agent and no search says there are none yet, not 'que coincidan con la búsqueda'", async () => {
    serverWith([]);
    renderPage();
    expect(await screen.findByText('Todavía no hay agentes.')).toBeInTheDocument();
    expect(screen.queryByText(/que coincidan/)).toBeNull();
  });

  it('filters by name, case-insensitive and contains, and says when nothing matches', async () => {
    serverWith();
    renderPage();
    const search = await screen.findByPlaceholderText('Buscar agentes...');
    await screen.findByText('Mostrando 3 de 3 agentes.');

    await userEvent.type(search, 'ASESOR');
    expect(screen.getByText('Mostrando 2 de 3 agentes.')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Experto en Marketing' })).toBeNull();

    await userEvent.clear(search);
    await userEvent.type(search, 'keting');
    expect(screen.getByText('Mostrando 1 de 3 agentes.')).toBeInTheDocument();

    await userEvent.type(search, 'zzz');
    expect(screen.getByText('No se encontraron agentes que coincidan con la búsqueda.')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 0 de 3 agentes.')).toBeInTheDocument();
  });

  it("shows the server's message when the list fails, and 'Refrescar' loads it again", async () => {
    const api = mockApi().on('GET', admin('/agents'), { status: 500, body: { message: 'Base de datos no disponible' } });
    renderPage();
    expect(await screen.findByText('Base de datos no disponible')).toBeInTheDocument();

    api.on('GET', admin('/agents'), { body: AGENTS });
    await userEvent.click(screen.getByRole('button', { name: 'Refrescar' }));
    expect(await screen.findByText('Mostrando 3 de 3 agentes.')).toBeInTheDocument();
    expect(api.callsTo('GET', admin('/agents'))).toHaveLength(2);
  });

  it("says 'Usuario no autenticado' when the server refuses the session", async () => {
    mockApi().on('GET', admin('/agents'), { status: 401, body: { message: 'Unauthorized' } });
    renderPage();
    expect(await screen.findByText('Usuario no autenticado')).toBeInTheDocument();
  });

  it("'Añadir Agente' opens the advanced creator", async () => {
    serverWith();
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Añadir Agente' }));
    expect(await screen.findByRole('heading', { name: 'Crear Agente Avanzado' })).toBeInTheDocument();
  });

  it('shows the dashboard tab: loading text, the three cards and the detail table', async () => {
    const api = serverWith();
    api.on('GET', admin('/metrics/agents'), { hang: true });
    renderPage();
    await userEvent.click(screen.getByRole('tab', { name: 'Dashboard' }));
    expect(screen.getByText('Cargando métricas...')).toBeInTheDocument();

    api.on('GET', admin('/metrics/agents'), { body: METRICS });
    await userEvent.click(screen.getByRole('button', { name: 'Refrescar' }));
    expect(await screen.findByText('Total de Agentes')).toBeInTheDocument();
    expect(screen.getByText('Agentes Públicos')).toBeInTheDocument();
    expect(screen.getByText('Agentes Privados')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Detalle de Agentes' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Agente',
      'Categoría',
      'Asignaciones',
      'Conversaciones',
      'Creado por',
    ]);
    expect(within(rows[2]).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Asesor Financiero', 'Finanzas', '1', '2', 'ana']);
  });

  describe('the edit modal', () => {
    it('loads the prompt (save disabled meanwhile) and saves agent and prompt in two parallel calls', async () => {
      const api = serverWith();
      api.on('GET', admin('/agents/a1/prompt'), { hang: true });
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Editar Asesor Legal' }));

      const dialog = await screen.findByRole('dialog', { name: 'Editar Agente: Asesor Legal' });
      expect(within(dialog).getByRole('button', { name: 'Guardar' })).toBeDisabled();
      expect(within(dialog).getByText('Cargando el prompt...')).toBeInTheDocument();
      // Close and open again, now with a prompt that arrives.
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      api.on('GET', admin('/agents/a1/prompt'), { body: { prompt: 'Eres un asesor legal.' } });
      // The agent call never answers: the prompt call must go out anyway (parallel, not one after the other).
      api.on('PUT', admin('/agents/a1'), { hang: true });
      api.on('PUT', admin('/agents/a1/prompt'), { body: {} });

      await userEvent.click(screen.getByRole('button', { name: 'Editar Asesor Legal' }));
      const again = await screen.findByRole('dialog', { name: 'Editar Agente: Asesor Legal' });
      const prompt = await within(again).findByDisplayValue('Eres un asesor legal.');
      await userEvent.clear(within(again).getByRole('textbox', { name: 'Nombre' }));
      await userEvent.type(within(again).getByRole('textbox', { name: 'Nombre' }), 'Asesor Jurídico');
      await userEvent.type(prompt, ' Cita la ley.');
      await userEvent.click(within(again).getByRole('button', { name: 'Guardar' }));

      await waitFor(() => expect(api.callsTo('PUT', admin('/agents/a1/prompt'))).toHaveLength(1));
      expect(api.callsTo('PUT', admin('/agents/a1'))[0].body).toEqual({
        name: 'Asesor Jurídico',
        category: 'legal',
        description: 'Descripción de Asesor Legal',
      });
      expect(api.callsTo('PUT', admin('/agents/a1/prompt'))[0].body).toEqual({ prompt: 'Eres un asesor legal. Cita la ley.' });
      expect(within(again).getByRole('button', { name: 'Guardando...' })).toBeDisabled();
    });

    it("says 'Agente y prompt actualizados con éxito.' and reloads the list", async () => {
      const api = serverWith();
      api.on('PUT', admin('/agents/a1'), { body: agent('a1', 'Asesor Legal') });
      api.on('PUT', admin('/agents/a1/prompt'), { body: {} });
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Editar Asesor Legal' }));
      const dialog = await screen.findByRole('dialog', { name: 'Editar Agente: Asesor Legal' });
      await within(dialog).findByDisplayValue('Eres un asesor legal.');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

      expect(await screen.findByText('Agente y prompt actualizados con éxito.')).toBeInTheDocument();
      await waitFor(() => expect(api.callsTo('GET', admin('/agents'))).toHaveLength(2));
    });

    it("says 'Error al actualizar el agente.' when either call fails, and keeps the form", async () => {
      const api = serverWith();
      api.on('PUT', admin('/agents/a1'), { body: agent('a1', 'Asesor Legal') });
      api.on('PUT', admin('/agents/a1/prompt'), { status: 500, body: { message: 'fallo' } });
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Editar Asesor Legal' }));
      const dialog = await screen.findByRole('dialog', { name: 'Editar Agente: Asesor Legal' });
      await within(dialog).findByDisplayValue('Eres un asesor legal.');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

      expect(await screen.findByText('Error al actualizar el agente.')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Guardar' })).toBeEnabled();
    });

    it('requires name and description (the prompt is optional) and sends nothing until they are filled', async () => {
      const api = serverWith();
      api.on('GET', admin('/agents/a1/prompt'), { status: 404, body: { message: 'Not Found' } });
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Editar Asesor Legal' }));
      const dialog = await screen.findByRole('dialog', { name: 'Editar Agente: Asesor Legal' });
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Guardar' })).toBeEnabled());
      expect(within(dialog).getByRole('textbox', { name: 'Prompt del sistema' })).toHaveValue('');

      await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Nombre' }));
      await userEvent.clear(within(dialog).getByRole('textbox', { name: /Descripción/ }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

      expect(within(dialog).getAllByText('Este campo es obligatorio.')).toHaveLength(2);
      expect(api.callsTo('PUT', admin('/agents/*'))).toHaveLength(0);
    });

    it("refuses a name, description or prompt longer than the server's limits (GET /api/config) by the field, and sends nothing", async () => {
      const api = serverWith();
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Editar Asesor Legal' }));
      const dialog = await screen.findByRole('dialog', { name: 'Editar Agente: Asesor Legal' });
      const prompt = await within(dialog).findByDisplayValue('Eres un asesor legal.');
      const replace = async (field: HTMLElement, text: string) => {
        await userEvent.clear(field);
        await userEvent.click(field);
        await userEvent.paste(text);
      };
      // served-config.json: agent.name 120, agent.description 5000, prompt.prompt 100000.
      await replace(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'n'.repeat(121));
      await replace(within(dialog).getByRole('textbox', { name: /Descripción/ }), 'd'.repeat(5001));
      await replace(prompt, 'p'.repeat(100_001));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

      expect(within(dialog).getByText('El nombre no puede superar los 120 caracteres.')).toBeInTheDocument();
      expect(within(dialog).getByText('La descripción no puede superar los 5000 caracteres.')).toBeInTheDocument();
      expect(within(dialog).getByText('El prompt no puede superar los 100000 caracteres.')).toBeInTheDocument();
      expect(api.callsTo('PUT', admin('/agents/*'))).toHaveLength(0);

      api.on('PUT', admin('/agents/a1'), { body: agent('a1', 'Asesor Legal') });
      api.on('PUT', admin('/agents/a1/prompt'), { body: {} });
      await replace(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'n'.repeat(120));
      await replace(within(dialog).getByRole('textbox', { name: /Descripción/ }), 'd'.repeat(5000));
      await replace(prompt, 'p'.repeat(100_000));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
      expect(await screen.findByText('Agente y prompt actualizados con éxito.')).toBeInTheDocument();
      expect(api.callsTo('PUT', admin('/agents/a1'))[0].body).toMatchObject({ name: 'n'.repeat(120) });
    });

    it('saves an agent left without a prompt with the agent call alone', async () => {
      const api = serverWith();
      api.on('GET', admin('/agents/a1/prompt'), { status: 404, body: { message: 'Not Found' } });
      api.on('PUT', admin('/agents/a1'), { body: agent('a1', 'Asesor Legal') });
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Editar Asesor Legal' }));
      const dialog = await screen.findByRole('dialog', { name: 'Editar Agente: Asesor Legal' });
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Guardar' })).toBeEnabled());
      await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

      expect(await screen.findByText('Agente y prompt actualizados con éxito.')).toBeInTheDocument();
      expect(api.callsTo('PUT', admin('/agents/a1'))).toHaveLength(1);
      expect(api.callsTo('PUT', admin('/agents/a1/prompt'))).toHaveLength(0);
    });

    it('does not let a saved prompt be emptied', async () => {
      const api = serverWith();
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Editar Asesor Legal' }));
      const dialog = await screen.findByRole('dialog', { name: 'Editar Agente: Asesor Legal' });
      await userEvent.clear(await within(dialog).findByDisplayValue('Eres un asesor legal.'));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

      expect(within(dialog).getByText(/El prompt guardado no se puede dejar vacío/)).toBeInTheDocument();
      expect(api.callsTo('PUT', admin('/agents/*'))).toHaveLength(0);
    });
  });

  describe('deleting', () => {
    it('asks first, then deletes and says so', async () => {
      const api = serverWith();
      api.on('DELETE', admin('/agents/a2'), { status: 204 });
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Eliminar Asesor Financiero' }));
      const dialog = await screen.findByRole('dialog', { name: 'Eliminar agente' });
      expect(dialog).toHaveTextContent(
        '¿Está seguro de que desea eliminar el agente "Asesor Financiero"? Esta acción no se puede deshacer.',
      );
      expect(api.callsTo('DELETE', admin('/agents/a2'))).toHaveLength(0);

      api.on('GET', admin('/agents'), { body: AGENTS.filter((item) => item.id !== 'a2') });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
      expect(await screen.findByText('Agente "Asesor Financiero" eliminado con éxito.')).toBeInTheDocument();
      expect(await screen.findByText('Mostrando 2 de 2 agentes.')).toBeInTheDocument();
    });

    it('says when the delete fails, and deletes nothing when cancelled', async () => {
      const api = serverWith();
      api.on('DELETE', admin('/agents/a2'), { status: 500, body: { message: 'fallo' } });
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Eliminar Asesor Financiero' }));
      let dialog = await screen.findByRole('dialog', { name: 'Eliminar agente' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      expect(api.callsTo('DELETE', admin('/agents/a2'))).toHaveLength(0);

      await userEvent.click(screen.getByRole('button', { name: 'Eliminar Asesor Financiero' }));
      dialog = await screen.findByRole('dialog', { name: 'Eliminar agente' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
      expect(await screen.findByText('Ocurrió un error al intentar eliminar el agente.')).toBeInTheDocument();
      expect(screen.getByText('Mostrando 3 de 3 agentes.')).toBeInTheDocument();
    });
  });
});
