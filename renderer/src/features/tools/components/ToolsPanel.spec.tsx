import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { ToastViewport } from '../../../shared/ui';
import type { ToolSource } from '../api/toolsQueries';
import { ToolsPanel } from './ToolsPanel';

const LIST = '/agents/agente-almacen/tools';
const SOURCE_ID = '22222222-2222-4222-8222-222222222222';

function source(overrides: Partial<ToolSource> = {}): ToolSource {
  return {
    id: SOURCE_ID,
    type: 'mcp',
    name: 'Inventario',
    status: 'ready',
    error: null,
    url: 'https://mcp.example.com/mcp',
    baseUrl: null,
    auth: { type: 'bearer', headerName: null, value: '••••a1b2' },
    tools: [
      {
        name: 'consultar_stock',
        description: 'Unidades que quedan de un producto',
        parameters: { type: 'object', properties: { producto: { type: 'string' } }, required: ['producto'] },
        enabled: false,
        requiresConfirmation: false,
      },
    ],
    createdAt: '2026-11-28T10:00:00.000Z',
    updatedAt: '2026-11-28T10:00:00.000Z',
    ...overrides,
  };
}

function renderPanel() {
  renderWithProviders(
    <>
      <ToolsPanel agentId="agente-almacen" />
      <ToastViewport />
    </>,
  );
}

describe('ToolsPanel', () => {
  it('lists each source with its tools (name, description, parameters), the hidden credential and a failed source’s reason', async () => {
    mockApi().on('GET', LIST, {
      body: {
        items: [
          source(),
          source({ id: 'b', type: 'openapi', name: 'Pedidos', status: 'failed', error: 'La dirección de la herramienta no está permitida.', tools: [], auth: { type: 'none', headerName: null, value: null } }),
        ],
      },
    });
    renderPanel();

    const inventario = await screen.findByRole('region', { name: 'Inventario' });
    expect(inventario).toHaveTextContent('Servidor MCP');
    expect(inventario).toHaveTextContent('1 herramienta');
    expect(inventario).toHaveTextContent('Credencial: ••••a1b2');
    expect(inventario).toHaveTextContent('consultar_stock');
    expect(inventario).toHaveTextContent('Unidades que quedan de un producto');
    expect(inventario).toHaveTextContent('Parámetros: producto');
    expect(within(inventario).getByRole('switch', { name: 'Activa: consultar_stock' })).not.toBeChecked();
    expect(screen.getByRole('region', { name: 'Pedidos' })).toHaveTextContent('Error: La dirección de la herramienta no está permitida.');
  });

  it("turns 'Activa' and 'Pide confirmación' on through PUT, one tool at a time", async () => {
    const api = mockApi()
      .on('GET', LIST, { body: { items: [source()] } })
      .on('PUT', `${LIST}/${SOURCE_ID}`, (call) => {
        const change = (call.body as { tools: { enabled: boolean; requiresConfirmation: boolean }[] }).tools[0];
        return { body: source({ tools: [{ ...source().tools[0], ...change }] }) };
      });
    renderPanel();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('switch', { name: 'Activa: consultar_stock' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Activa: consultar_stock' })).toBeChecked());
    await user.click(screen.getByRole('switch', { name: 'Pide confirmación: consultar_stock' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Pide confirmación: consultar_stock' })).toBeChecked());
    expect(api.callsTo('PUT', `${LIST}/${SOURCE_ID}`).map((call) => call.body)).toEqual([
      { tools: [{ name: 'consultar_stock', enabled: true, requiresConfirmation: false }] },
      { tools: [{ name: 'consultar_stock', enabled: true, requiresConfirmation: true }] },
    ]);
  });

  it("'Probar' sends the JSON arguments and shows the result; invalid JSON is said before sending", async () => {
    const api = mockApi()
      .on('GET', LIST, { body: { items: [source()] } })
      .on('POST', `${LIST}/${SOURCE_ID}/test`, { body: { ok: true, output: 'Quedan 12 unidades de tornillos.', truncated: false } });
    renderPanel();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Probar consultar_stock' }));
    const args = screen.getByLabelText('Argumentos de consultar_stock (JSON)');
    // Started with the required arguments.
    expect(args).toHaveValue('{\n  "producto": ""\n}');
    await user.clear(args);
    await user.click(args);
    await user.paste('{"producto": ');
    await user.click(screen.getByRole('button', { name: 'Ejecutar' }));
    expect(await screen.findByText('Los argumentos deben ser un objeto JSON válido.')).toBeInTheDocument();
    expect(api.callsTo('POST', `${LIST}/${SOURCE_ID}/test`)).toHaveLength(0);

    await user.click(args);
    await user.paste('"tornillos"}');
    await user.click(screen.getByRole('button', { name: 'Ejecutar' }));
    expect(await screen.findByText('Quedan 12 unidades de tornillos.')).toBeInTheDocument();
    expect(api.callsTo('POST', `${LIST}/${SOURCE_ID}/test`)[0]!.body).toEqual({ tool: 'consultar_stock', arguments: { producto: 'tornillos' } });
  });

  it('adds an OpenAPI API with a named header, and refreshes and removes a source', async () => {
    let items: ToolSource[] = [source()];
    const api = mockApi()
      .on('GET', LIST, () => ({ body: { items } }))
      .on('POST', LIST, { status: 201, body: source({ id: 'nueva', type: 'openapi', name: 'Pedidos', url: null, baseUrl: 'https://api.example.com' }) })
      .on('POST', `${LIST}/${SOURCE_ID}/refresh`, { body: source() })
      .on('DELETE', `${LIST}/${SOURCE_ID}`, () => {
        items = [];
        return { status: 204 };
      });
    renderPanel();
    const user = userEvent.setup();

    await screen.findByRole('region', { name: 'Inventario' });
    await user.click(screen.getByRole('radio', { name: 'API OpenAPI' }));
    const fill = async (field: HTMLElement, text: string) => {
      await user.click(field);
      await user.paste(text);
    };
    await fill(screen.getByRole('textbox', { name: 'Nombre' }), 'Pedidos');
    await user.click(screen.getByRole('textbox', { name: 'Documento OpenAPI 3 (JSON o YAML)' }));
    await user.paste('openapi: 3.0.3');
    await fill(screen.getByRole('textbox', { name: 'URL base de la API' }), 'https://api.example.com');
    await user.click(screen.getByRole('textbox', { name: 'Autenticación' }));
    await user.click(await screen.findByRole('option', { name: 'Cabecera con nombre' }));
    await fill(screen.getByRole('textbox', { name: 'Nombre de la cabecera' }), 'X-Api-Key');
    await fill(screen.getByLabelText(/^Credencial/, { selector: 'input' }), 'clave-secreta-9z8y');
    await user.click(screen.getByRole('button', { name: 'Añadir' }));
    expect(await screen.findByText('«Pedidos» conectada.')).toBeInTheDocument();
    expect(api.callsTo('POST', LIST)[0]!.body).toEqual({
      type: 'openapi',
      name: 'Pedidos',
      openapi: 'openapi: 3.0.3',
      baseUrl: 'https://api.example.com',
      auth: { type: 'header', headerName: 'X-Api-Key', value: 'clave-secreta-9z8y' },
    });

    await user.click(screen.getByRole('button', { name: 'Actualizar Inventario' }));
    expect(await screen.findByText('«Inventario» actualizada.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Eliminar Inventario' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Herramientas eliminadas.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `${LIST}/${SOURCE_ID}`)).toHaveLength(1);
  }, 40_000);
});
