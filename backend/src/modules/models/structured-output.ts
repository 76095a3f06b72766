import { ModelError, type ModelGateway, type ModelRequest, type TokenUsage } from './model-gateway';

/** The model answered twice with something that is not the JSON asked for. */
export class StructuredReplyInvalidError extends ModelError {
  readonly status = 502;
  constructor() {
    super('El modelo no ha devuelto una respuesta válida. Tu mensaje se ha guardado: vuelve a intentarlo.');
  }
}

/** Reads a parsed JSON value into the expected shape, or explains (for the model) why it does not fit. */
export type StructuredReader<T> = (value: unknown) => { ok: true; value: T } | { ok: false; problems: string };

export interface StructuredReply<T> {
  value: T;
  usage?: TokenUsage;
  /** How many times the model was asked (1, or 2 after an invalid first reply). */
  attempts: number;
  /** Set when neither reply was valid JSON and the value was read from a reply's plain text instead. */
  plainText?: true;
}

/**
 * Reads a reply that is not the JSON asked for as plain text, when the caller can use one (many
 * local models ignore response_format): the value, or null when this text cannot serve either.
 */
export type PlainTextReader<T> = (text: string) => T | null;

/**
 * Asks for a structured reply (`request.responseSchema` must be set) and checks it with `read`.
 * Models do not always keep to a schema, strict or not: a reply that is not valid JSON of the
 * right shape is asked for again once, telling the model what was wrong; a second invalid reply
 * is StructuredReplyInvalidError, unless `plainText` can read one of the two replies as text.
 * Provider errors (ModelError) pass through untouched.
 */
export async function askStructured<T>(
  gateway: ModelGateway,
  request: ModelRequest & { responseSchema: NonNullable<ModelRequest['responseSchema']> },
  read: StructuredReader<T>,
  plainText?: PlainTextReader<T>,
): Promise<StructuredReply<T>> {
  let problems = '';
  const replies: { text: string; usage?: TokenUsage }[] = [];
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    const message =
      attempt === 1
        ? request.message
        : `${request.message}\n\n(Tu respuesta anterior no era válida: ${problems}. Responde solo con un objeto JSON que siga el esquema «${request.responseSchema.name}».)`;
    const { text, usage } = await collect(gateway, { ...request, message });
    replies.push({ text, usage });
    const parsed = parseJson(text);
    const result = parsed.ok ? read(parsed.value) : { ok: false as const, problems: 'no es JSON válido' };
    if (result.ok) return { value: result.value, usage, attempts: attempt };
    problems = result.problems;
  }
  // Two invalid replies: the first that reads as plain text (the answer to the user's own message first).
  for (const reply of plainText ? replies : []) {
    const value = plainText!(reply.text);
    if (value !== null) return { value, usage: reply.usage, attempts: 2, plainText: true };
  }
  throw new StructuredReplyInvalidError();
}

async function collect(gateway: ModelGateway, request: ModelRequest): Promise<{ text: string; usage?: TokenUsage }> {
  let text = '';
  let usage: TokenUsage | undefined;
  for await (const event of gateway.stream(request)) {
    if (event.type === 'delta') text += event.text;
    else if (event.type === 'done') usage = event.usage;
  }
  return { text, usage };
}

/**
 * Small local models often wrap the JSON in a Markdown code fence even in JSON mode, or put a
 * sentence around it (or around the fence) when they ignore response_format: the whole text, else
 * the fenced block in it, else what lies between its first '{' and its last '}'.
 */
function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  const trimmed = text.trim();
  const fenced = /```(?:json)?\s*([\s\S]*?)\s*```/i.exec(trimmed)?.[1];
  const braces = trimmed.indexOf('{') >= 0 ? trimmed.slice(trimmed.indexOf('{'), trimmed.lastIndexOf('}') + 1) : undefined;
  for (const candidate of [trimmed, fenced, braces]) {
    if (!candidate) continue;
    try {
      return { ok: true, value: JSON.parse(candidate) };
    } catch {
      // the next candidate
    }
  }
  return { ok: false };
}
