import {
  type ModelAudience,
  type ModelEvent,
  ModelGateway,
  type ModelRequest,
} from '../../src/modules/models/model-gateway';

export type Script = (request: ModelRequest) => AsyncIterable<ModelEvent>;

/**
 * The smallest value a JSON schema accepts, texts saying what they answer: what a model that
 * honours a structured request returns.
 */
function valueFor(schema: Record<string, unknown>, text: string): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(required.map((key) => [key, valueFor(properties[key] ?? {}, text)]));
    }
    case 'array':
      return [];
    case 'number':
    case 'integer':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    default:
      return text;
  }
}

/**
 * Answers 'Respuesta a: {message}' in two pieces, with token usage; a structured request gets the
 * smallest JSON its schema accepts, with that text in its strings.
 */
export const echo: Script = async function* (request) {
  if (request.responseSchema) {
    yield { type: 'delta', text: JSON.stringify(valueFor(request.responseSchema.schema, `Respuesta a: ${request.message}`)) };
  } else {
    yield { type: 'delta', text: 'Respuesta a: ' };
    yield { type: 'delta', text: request.message };
  }
  yield { type: 'done', usage: { inputTokens: 12, outputTokens: 5 }, stopReason: 'end_turn' };
};

/** Sends one piece, then waits until the caller aborts and ends as the adapters do (AbortError). */
export const firstPieceThenWait: Script = async function* (request) {
  yield { type: 'delta', text: 'Respuesta a medias' };
  await new Promise<void>((resolve) => {
    if (request.signal?.aborted) resolve();
    request.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  throw Object.assign(new Error('aborted'), { name: 'AbortError' });
};

/** A stand-in for the models module: records every request and answers with a script. */
export class FakeModelGateway extends ModelGateway {
  readonly requests: ModelRequest[] = [];
  configured = new Set<ModelAudience>(['main-assistant', 'agent', 'chatbot']);
  script: Script = echo;

  isConfigured(audience: ModelAudience): boolean {
    return this.configured.has(audience);
  }

  stream(request: ModelRequest): AsyncIterable<ModelEvent> {
    this.requests.push(request);
    return this.script(request);
  }

  get last(): ModelRequest {
    return this.requests[this.requests.length - 1];
  }

  reset(): void {
    this.requests.length = 0;
    this.configured = new Set<ModelAudience>(['main-assistant', 'agent', 'chatbot']);
    this.script = echo;
  }
}
