import { type AgentTool, AgentToolbox, type ToolCallOutcome } from '../../src/modules/tools/agent-toolbox';

/**
 * An agent's tools without the tools module: a stock look-up, an order that asks first, a tool
 * that fails and one that only ends when its signal aborts. Records every call.
 */
export class FakeToolbox extends AgentToolbox {
  calls: { agentId: string; tool: string; args: unknown }[] = [];
  tools: AgentTool[] = [
    {
      name: 'consultar_stock',
      description: 'Unidades en almacén de un producto',
      inputSchema: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] },
      requiresConfirmation: false,
      sourceName: 'Inventario',
    },
    {
      name: 'crear_pedido',
      description: 'Crea un pedido',
      inputSchema: { type: 'object', properties: { sku: { type: 'string' }, unidades: { type: 'integer' } } },
      requiresConfirmation: true,
      sourceName: 'Pedidos',
    },
    { name: 'roto', description: 'Siempre falla', inputSchema: { type: 'object' }, requiresConfirmation: false, sourceName: 'Inventario' },
    { name: 'lento', description: 'No termina', inputSchema: { type: 'object' }, requiresConfirmation: false, sourceName: 'Inventario' },
  ];

  reset(): void {
    this.calls = [];
  }

  async toolsFor(): Promise<AgentTool[]> {
    return this.tools;
  }

  async call(agentId: string, tool: string, args: unknown, signal: AbortSignal): Promise<ToolCallOutcome> {
    this.calls.push({ agentId, tool, args });
    const input = (args ?? {}) as Record<string, unknown>;
    if (tool === 'consultar_stock') return { ok: true, output: `Quedan 7 unidades de ${String(input.sku)}` };
    if (tool === 'crear_pedido') return { ok: true, output: `Pedido creado: ${String(input.unidades)} × ${String(input.sku)}` };
    if (tool === 'roto') return { ok: false, output: 'El servicio ha respondido con un error (HTTP 500).' };
    await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    return { ok: false, output: 'La herramienta ha tardado demasiado.' };
  }
}
