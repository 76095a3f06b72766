import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { createStore } from 'jotai';
import { loadedRuntimeConfig, renderWithProviders } from '../../../../test/render';
import { defaultRuntimeConfig, runtimeConfigAtom } from '../../../shared/config';
import type { SavedFlow } from '../api/flowQueries';
import { FlowEditorPage } from './FlowEditorPage';

jest.setTimeout(30_000);

// React Flow measures and transforms nodes with browser APIs jsdom lacks.
class DOMMatrixStub {
  m22 = 1;
  constructor(_transform?: string) {}
}
Object.assign(window, { DOMMatrixReadOnly: DOMMatrixStub, DOMMatrix: DOMMatrixStub });

const stored: SavedFlow = {
  id: 'f1',
  name: 'Alta de empresa',
  description: 'Legal y fiscal',
  isTemplate: false,
  nodes: [
    { id: 'synthesis', type: 'synthesis', position: { x: 400, y: 150 } },
    { id: 'agent-legal', type: 'agent', agentId: 'legal', position: { x: 50, y: 40 } },
    { id: 'agent-fiscal', type: 'agent', agentId: 'fiscal', position: { x: 50, y: 150 } },
  ],
  edges: [
    { source: 'agent-legal', target: 'agent-fiscal' },
    { source: 'agent-fiscal', target: 'synthesis' },
  ],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

let api: ApiMock;

beforeEach(() => {
  // The server keeps what is saved: the list asked for after a save shows it.
  let flows: SavedFlow[] = [stored];
  const keep = (flow: SavedFlow) => {
    flows = [...flows.filter((item) => item.id !== flow.id), flow];
    return flow;
  };
  const saved = (id: string, body: unknown) => ({ ...stored, id, ...(body as object) }) as SavedFlow;
  api = mockApi()
    .on('GET', '/flows', () => ({ body: flows }))
    .on('GET', '/agents', {
      body: {
        items: [
          { id: 'legal', name: 'Asesor Legal', category: 'legal' },
          { id: 'fiscal', name: 'Asesor Fiscal', category: 'finance' },
        ],
        total: 2,
        page: 1,
        limit: 100,
      },
    })
    .on('POST', '/flows', (call) => ({ status: 201, body: keep(saved('f2', call.body)) }))
    .on('PUT', '/flows/f1', (call) => ({ body: keep(saved('f1', call.body)) }))
    .on('POST', '/flows/f1/run', { status: 201, body: { id: 's9', status: 'processing' } });
});

/** The saved flows' list: it loads once React Flow's chunk is in, which can take a while on a busy machine. */
const savedFlowButton = (name: string) => screen.findByRole('button', { name: `Cargar: ${name}` }, { timeout: 5_000 });

async function chooseOption(label: string, option: string) {
  await userEvent.click(screen.getByRole('textbox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Editor de Flujos', () => {
  it('builds a flow from agents, refuses a cycle, and saves it as a template', async () => {
    renderWithProviders(<FlowEditorPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Editor de Flujos' })).toBeInTheDocument();
    await savedFlowButton('Alta de empresa');

    await userEvent.click(screen.getByRole('button', { name: 'Guardar flujo' }));
    const problems = screen.getByRole('alert');
    expect(problems).toHaveTextContent('El flujo necesita un nombre');
    expect(problems).toHaveTextContent('No agents selected for collaboration');

    await chooseOption('Agente', 'Asesor Legal');
    await userEvent.click(screen.getByRole('button', { name: 'Añadir' }));
    await chooseOption('Agente', 'Asesor Fiscal');
    await userEvent.click(screen.getByRole('button', { name: 'Añadir' }));
    expect(screen.getByRole('list', { name: 'Orden de ejecución' })).toHaveTextContent('Paso 1: Asesor Legal, Asesor Fiscal (en paralelo)');

    await chooseOption('Desde', 'Asesor Legal');
    await chooseOption('Hasta', 'Asesor Fiscal');
    await userEvent.click(screen.getByRole('button', { name: 'Conectar' }));
    expect(screen.getByRole('list', { name: 'Orden de ejecución' })).toHaveTextContent('Paso 1: Asesor LegalPaso 2: Asesor Fiscal');

    await chooseOption('Desde', 'Asesor Fiscal');
    await chooseOption('Hasta', 'Asesor Legal');
    await userEvent.click(screen.getByRole('button', { name: 'Conectar' }));
    expect(screen.getByText('Las conexiones no pueden formar un ciclo')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre del flujo' }), 'Nuevo negocio');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ofrecer como plantilla a los usuarios' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar flujo' }));
    await waitFor(() => expect(api.callsTo('POST', '/flows')).toHaveLength(1));
    expect(api.callsTo('POST', '/flows')[0]!.body).toEqual(
      expect.objectContaining({
        name: 'Nuevo negocio',
        isTemplate: true,
        edges: [
          { source: 'agent-legal', target: 'agent-fiscal' },
          { source: 'agent-fiscal', target: 'synthesis' },
        ],
      }),
    );
    expect(await screen.findByRole('button', { name: 'Cargar: Nuevo negocio · Plantilla' })).toBeInTheDocument();
  });

  it('loads a saved flow, updates it, and runs it following the session', async () => {
    const renderSession = jest.fn((id: string) => <div>sesión {id}</div>);
    renderWithProviders(<FlowEditorPage renderSession={renderSession} />);
    await userEvent.click(await savedFlowButton('Alta de empresa'));
    expect(screen.getByRole('textbox', { name: 'Nombre del flujo' })).toHaveValue('Alta de empresa');
    await waitFor(() => expect(screen.getByRole('list', { name: 'Orden de ejecución' })).toHaveTextContent('Paso 1: Asesor LegalPaso 2: Asesor Fiscal'));

    await userEvent.click(screen.getByRole('button', { name: 'Ejecutar flujo' }));
    expect(screen.getByText('Escribe una pregunta antes de ejecutar el flujo.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Pregunta para el flujo' }), '¿Cómo monto una SL?');
    await userEvent.click(screen.getByRole('button', { name: 'Ejecutar flujo' }));
    expect(await screen.findByText('sesión s9')).toBeInTheDocument();
    expect(api.callsTo('POST', '/flows/f1/run')[0]!.body).toEqual({ query: '¿Cómo monto una SL?' });

    await userEvent.clear(screen.getByRole('textbox', { name: 'Nombre del flujo' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre del flujo' }), 'Alta de SL');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar flujo' }));
    await waitFor(() => expect(api.callsTo('PUT', '/flows/f1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/flows/f1')[0]!.body).toEqual(expect.objectContaining({ name: 'Alta de SL' }));
    expect(await screen.findByRole('button', { name: 'Cargar: Alta de SL' })).toBeInTheDocument();
  });

  it('draws the flow with React Flow: a node per agent and the synthesis', async () => {
    renderWithProviders(<FlowEditorPage />);
    await userEvent.click(await savedFlowButton('Alta de empresa'));
    const canvas = await screen.findByRole('region', { name: 'Lienzo del flujo' });
    await waitFor(() => expect(within(canvas).getByText('Síntesis final')).toBeInTheDocument());
    expect(within(canvas).getByText('Asesor Legal')).toBeInTheDocument();
    expect(within(canvas).getByText('Asesor Fiscal')).toBeInTheDocument();
  });

  it("lays the canvas out beside the agents' column, and each 'Quitar' stays inside its row", async () => {
    renderWithProviders(<FlowEditorPage />);
    await userEvent.click(await savedFlowButton('Alta de empresa'));
    const canvas = await screen.findByRole('region', { name: 'Lienzo del flujo' });
    // The grid's areas (flowEditor.css): the agents and the saved flows, the canvas with its connections, the name and the run.
    expect(canvas.closest('.flow-editor-main')).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Añadir agente al flujo' }).closest('.flow-editor-tools')).not.toBeNull();
    expect(screen.getByRole('form', { name: 'Guardar flujo' }).closest('.flow-editor-settings')).not.toBeNull();
    expect(canvas.closest('.flow-editor-grid')?.parentElement).toHaveClass('flow-editor');

    // The agent's name is beside the button: it reads 'Quitar', named after the agent for screen readers.
    const remove = await screen.findByRole('button', { name: 'Quitar Asesor Legal' });
    expect(remove).toHaveTextContent(/^Quitar$/);
    const row = remove.closest('.flow-item')!;
    expect(row.querySelector('.flow-item-name')).toHaveTextContent('Asesor Legal');
    const connection = screen.getByRole('button', { name: 'Quitar conexión Asesor Legal → Asesor Fiscal' }).closest('.flow-item')!;
    expect(connection.querySelector('.flow-item-name')).toHaveTextContent('Asesor Legal → Asesor Fiscal');
  });

  it('offers the agents the server finds for what the admin types, beyond any first page', async () => {
    const rare = { id: 'agente-099999', name: 'Perito Naval', category: 'legal' };
    api.on('GET', '/agents', (call) => {
      const search = call.url.searchParams.get('search');
      const items = search === 'naval' ? [rare] : [{ id: 'legal', name: 'Asesor Legal', category: 'legal' }];
      return { body: { items, total: items.length, page: 1, limit: 50 } };
    });
    renderWithProviders(<FlowEditorPage />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Agente' }), 'naval');
    await userEvent.click(await screen.findByRole('option', { name: 'Perito Naval' }));
    await userEvent.click(screen.getByRole('button', { name: 'Añadir' }));

    expect(await screen.findByRole('button', { name: 'Quitar Perito Naval' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/agents').at(-1)!.url.searchParams.get('search')).toBe('naval');
  });

  it("names a saved flow's nodes after their agents, looked up when the picker has not offered them", async () => {
    api.on('GET', '/agents', { body: { items: [], total: 0, page: 1, limit: 50 } });
    api.on('GET', '/agents/legal', { body: { id: 'legal', name: 'Asesor Legal', category: 'legal' } });
    api.on('GET', '/agents/fiscal', { status: 404, body: { statusCode: 404, message: 'Agente no encontrado' } });
    renderWithProviders(<FlowEditorPage />);
    await userEvent.click(await savedFlowButton('Alta de empresa'));

    expect(await screen.findByRole('button', { name: 'Quitar Asesor Legal' })).toBeInTheDocument();
    // An agent that is gone keeps its id as the node's name.
    expect(screen.getByRole('button', { name: 'Quitar fiscal' })).toBeInTheDocument();
  });

  it("says so when a node's agent cannot be looked up (not gone: failing), and names it once 'Reintentar' finds it", async () => {
    let failing = true;
    api.on('GET', '/agents', { body: { items: [], total: 0, page: 1, limit: 50 } });
    api.on('GET', '/agents/legal', { body: { id: 'legal', name: 'Asesor Legal', category: 'legal' } });
    api.on('GET', '/agents/fiscal', () =>
      failing ? { status: 503, body: { statusCode: 503, message: 'Servicio no disponible' } } : { body: { id: 'fiscal', name: 'Asesor Fiscal', category: 'finance' } },
    );
    renderWithProviders(<FlowEditorPage />);
    await userEvent.click(await savedFlowButton('Alta de empresa'));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar los agentes');
    expect(alert).toHaveTextContent('Servicio no disponible');
    expect(screen.getByRole('button', { name: 'Quitar Asesor Legal' })).toBeInTheDocument();

    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('button', { name: 'Quitar Asesor Fiscal' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows why the saved flows could not be loaded, and loads them with 'Reintentar'", async () => {
    let failing = true;
    api.on('GET', '/flows', () => (failing ? { status: 500, body: { statusCode: 500, message: 'Error interno' } } : { body: [stored] }));
    renderWithProviders(<FlowEditorPage />);

    const alert = await screen.findByRole('alert', undefined, { timeout: 5_000 });
    expect(alert).toHaveTextContent('No se pudieron cargar los flujos');
    expect(alert).toHaveTextContent('Error interno');
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await savedFlowButton('Alta de empresa')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("bounds the flow's name and description by the server's limits, once its configuration has arrived", async () => {
    const limits = loadedRuntimeConfig.limits!;
    const store = createStore();
    store.set(runtimeConfigAtom, { ...loadedRuntimeConfig, limits: { ...limits, flow: { name: { min: 1, max: 40 }, description: { min: 0, max: 300 } } } });
    const { unmount } = renderWithProviders(<FlowEditorPage />, { store });
    expect(screen.getByRole('textbox', { name: 'Nombre del flujo' })).toHaveAttribute('maxlength', '40');
    expect(screen.getByRole('textbox', { name: 'Descripción' })).toHaveAttribute('maxlength', '300');
    unmount();

    const before = createStore();
    before.set(runtimeConfigAtom, { ...defaultRuntimeConfig });
    renderWithProviders(<FlowEditorPage />, { store: before });
    expect(screen.getByRole('textbox', { name: 'Nombre del flujo' })).not.toHaveAttribute('maxlength');
  });
});
