import { z } from 'zod';
import type { KnowledgeSource } from '../knowledge/knowledge-sources';

// The published agent's MCP tool, «ask_agent»: what it answers besides its text.

/** What the MCP tool answers in structuredContent: invoke's JSON, sources included when the agent has documents. */
export const ASK_AGENT_OUTPUT = {
  output: z.string().describe('La respuesta del agente'),
  agentId: z.string(),
  version: z.number().int().nullable().describe('La versión del prompt; null: la actual'),
  usage: z.object({ inputTokens: z.number().int(), outputTokens: z.number().int() }),
  requestId: z.string(),
  sources: z
    .array(z.object({ documentId: z.string(), documentName: z.string(), page: z.number().int().nullable(), snippet: z.string() }))
    .optional()
    .describe('Si el agente tiene documentos: los fragmentos que recibió para responder, con su documento y página'),
  toolCalls: z
    .array(z.object({ tool: z.string(), arguments: z.unknown(), ok: z.boolean(), output: z.string() }))
    .optional()
    .describe('Si el agente usó herramientas: cada llamada, con sus argumentos y resultado'),
};

/** The sources as the MCP tool's second text block: 'Fuentes:' and each snippet with its document and page. */
export function sourcesText(sources: KnowledgeSource[]): string {
  const lines = sources.map((source, index) => `[${index + 1}] ${source.documentName}${source.page === null ? '' : `, página ${source.page}`}: «${source.snippet}»`);
  return ['Fuentes:', ...lines].join('\n');
}
