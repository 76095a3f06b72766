import { DomainError } from '../../common/errors/domain-error';

/** Who is being answered: each goes to its own configured model (spec sections 7 and 9). */
export type ModelAudience =
  /** The main assistant ('Chat con {product}'): the Bedrock general agent when configured. */
  | 'main-assistant'
  /** A chat with an agent: its system prompt and `modelConfig.modelId`. */
  | 'agent'
  /** Seshat, the floating assistant: the Bedrock chatbot agent when configured. */
  | 'chatbot';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface ModelRequest {
  audience: ModelAudience;
  /** The conversation id (the Bedrock agent session id). */
  sessionId: string;
  message: string;
  /** Earlier turns, oldest first, already bounded by the caller. */
  history: ChatTurn[];
  systemPrompt?: string;
  modelId?: string;
  /** The model's temperature (an agent's setting, 0–1); none: the provider's default (not sent). */
  temperature?: number;
  /** The longest reply, in tokens (an agent's setting); none: the deployment's default (2048). */
  maxTokens?: number;
  /**
   * Asks for a JSON reply that follows this schema (structured output): the deltas are then the
   * JSON text, whichever provider answers. See structured-output.ts for reading and checking it.
   */
  responseSchema?: ResponseSchema;
  /**
   * The caller reads only the whole reply, not its parts as they come (a published agent called
   * without streaming): a provider that can answer in one piece is asked to (OpenAI's
   * `stream: false`), which spares both sides a chunk per part. The events are the same.
   */
  wholeReply?: boolean;
  /**
   * Tools the model may call (issue 33), through the provider's own tool calling: OpenAI's
   * `tools`, Bedrock Converse's `toolConfig`. A call comes back as a `tool_call` event.
   */
  tools?: ModelTool[];
  /** 'none': the tools are described (the conversation has their turns) but none may be called now. */
  toolChoice?: 'auto' | 'none';
  /**
   * This turn's tool rounds so far, after `message`, oldest first: what the model called and what
   * each call gave back.
   */
  toolTurns?: ToolTurn[];
  signal?: AbortSignal;
}

/** A tool offered to the model. */
export interface ModelTool {
  /** Letters, digits, '_' and '-', at most 64 (both providers require it). */
  name: string;
  description: string;
  /** JSON Schema of the arguments (an object schema). */
  inputSchema: Record<string, unknown>;
}

/** A call the model made: its provider's id, the tool and the arguments as the JSON text the model wrote. */
export interface ModelToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** What one call gave back, for the model: the tool's output (or failure) as text. */
export interface ModelToolResult {
  callId: string;
  ok: boolean;
  output: string;
}

/** One round: the model's reply (its text, if any, and its calls), then every call's result. */
export interface ToolTurn {
  text?: string;
  calls: ModelToolCall[];
  results: ModelToolResult[];
}

/** A named JSON schema for a structured reply (OpenAI's response_format, a forced Bedrock tool). */
export interface ResponseSchema {
  /** Letters, digits, '_' and '-' (both providers require it). */
  name: string;
  description: string;
  schema: Record<string, unknown>;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export type ModelEvent =
  | { type: 'delta'; text: string }
  /** The model calls a tool (whole: its arguments assembled); several may come before 'done'. */
  | { type: 'tool_call'; call: ModelToolCall }
  /** `provider`: who answered ('bedrock', 'openai-compatible'), told by the routing gateway. */
  | { type: 'done'; usage?: TokenUsage; stopReason?: string; provider?: string };

/** The one port to every model provider; adapters live in ./adapters. */
export abstract class ModelGateway {
  /** Whether some provider can answer this audience; when not, callers say so instead of failing. */
  abstract isConfigured(audience: ModelAudience): boolean;

  /** Streams the reply; throws a ModelError subclass (Spanish, user-safe message) on failure. */
  abstract stream(request: ModelRequest): AsyncIterable<ModelEvent>;
}

export abstract class ModelError extends DomainError {}

/**
 * No model can answer. A user is told the assistant is not available yet; only an operator (an
 * admin) is told how to configure one: environment variables mean nothing to a user.
 */
export class ModelNotConfiguredError extends ModelError {
  readonly status = 503;
  constructor(reader: 'operator' | 'user' = 'operator') {
    super(
      reader === 'user'
        ? 'El asistente todavía no está disponible. Vuelve a intentarlo más tarde.'
        : 'No hay ningún modelo de IA configurado. Configura Amazon Bedrock (MODEL_PROVIDER=bedrock) o un servidor compatible con OpenAI (MODEL_PROVIDER=openai-compatible y OPENAI_BASE_URL).',
    );
  }

  /** The error as the caller should read it. */
  static for(callerIsAdmin: boolean): ModelNotConfiguredError {
    return new ModelNotConfiguredError(callerIsAdmin ? 'operator' : 'user');
  }
}

export class ModelTimeoutError extends ModelError {
  readonly status = 504;
  constructor() {
    super('El modelo ha tardado demasiado en responder. Tu mensaje se ha guardado: puedes reenviarlo.');
  }
}

export class ModelThrottledError extends ModelError {
  readonly status = 429;
  constructor() {
    super('El modelo está recibiendo demasiadas peticiones. Espera un momento y reenvía tu mensaje.');
  }
}

export class ModelProviderError extends ModelError {
  readonly status = 502;
  constructor(detail?: string) {
    super(
      `El proveedor del modelo ha devuelto un error${detail ? ` (${detail})` : ''}. Tu mensaje se ha guardado: puedes reenviarlo.`,
    );
  }
}

/** The caller stopped waiting (its signal aborted, for example the client went away). */
export class ModelAbortedError extends ModelError {
  readonly status = 499;
  constructor() {
    super('Se ha cancelado la respuesta del modelo.');
  }
}
