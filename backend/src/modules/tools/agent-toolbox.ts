/**
 * An agent's tools as the answering side sees them (issue 33): what the model is offered, and how a
 * call runs. The tools module implements it from the agent's tool sources (MCP servers, OpenAPI
 * APIs); the tool-calling loop (agent chat, invoke, OpenAI-compatible, MCP, collaboration) uses it.
 */
export interface AgentTool {
  /** The name offered to the model: unique in the agent, letters, digits, '_' and '-', at most 64. */
  name: string;
  description: string;
  /** JSON Schema of the arguments: an object schema. */
  inputSchema: Record<string, unknown>;
  /** Marked 'Pide confirmación' by the builder: the user allows each call first. */
  requiresConfirmation: boolean;
  /** The tool source's name, for the chat ('Inventario › consultar_stock'). */
  sourceName: string;
}

/** What a call gave back: always an outcome (failures too), never an exception for the loop to handle. */
export interface ToolCallOutcome {
  ok: boolean;
  /** The tool's answer as text (cut at the size limit), or the failure said in Spanish. */
  output: string;
  /** The answer was over the size limit and was cut. */
  truncated?: boolean;
}

export abstract class AgentToolbox {
  /** The agent's enabled tools; none when it has no tool sources. */
  abstract toolsFor(agentId: string): Promise<AgentTool[]>;
  /** Runs one of them with the model's arguments (validated against its schema first). */
  abstract call(agentId: string, toolName: string, args: unknown, signal: AbortSignal): Promise<ToolCallOutcome>;
}
