import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import type { SavedFlow } from '../types';
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
};

let api: ApiMock;

beforeEach(() => {
  api = mockApi()
    .on('GET', '/flows', { body: [stored] })
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
    .on('POST', '/flows', (call) => ({ status: 201, body: { id: 'f2', ...(call.body as object) } }))
    .on('PUT', '/flows/f1', (call) => ({ body: { id: 'f1', ...(call.body as object) } }))
    .on('POST', '/flows/f1/run', { status: 201, body: { id: 's9', status: 'processing' } });
});

async function chooseOption(label: string, option: string) {
  await userEvent.click(screen.getByRole('textbox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Editor de Flujos', () => {
  it('builds a flow from agents, refuses a cycle, and saves it as a template', async () => {
    renderWithProviders(<FlowEditorPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Editor de Flujos' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Cargar: Alta de empresa' });

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
    await userEvent.click(await screen.findByRole('button', { name: 'Cargar: Alta de empresa' }));
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
    await userEvent.click(await screen.findByRole('button', { name: 'Cargar: Alta de empresa' }));
    const canvas = await screen.findByRole('region', { name: 'Lienzo del flujo' });
    await waitFor(() => expect(within(canvas).getByText('Síntesis final')).toBeInTheDocument());
    expect(within(canvas).getByText('Asesor Legal')).toBeInTheDocument();
    expect(within(canvas).getByText('Asesor Fiscal')).toBeInTheDocument();
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
    await userEvent.click(await screen.findByRole('button', { name: 'Cargar: Alta de empresa' }));

    expect(await screen.findByRole('button', { name: 'Quitar Asesor Legal' })).toBeInTheDocument();
    // An agent that is gone keeps its id as the node's name.
    expect(screen.getByRole('button', { name: 'Quitar fiscal' })).toBeInTheDocument();
  });
});
