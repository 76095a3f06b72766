import { createParser } from 'eventsource-parser';
import { Pool } from 'undici';
import type { ModelAudience, ModelEvent, ModelRequest, ModelToolCall, TokenUsage } from '../model-gateway';
import { ModelProviderError, ModelThrottledError } from '../model-gateway';
import { EventQueue } from './event-queue';
import type { StreamContext } from './guarded-stream';
import type { ModelAdapter } from './model-adapter';

export interface OpenAiCompatibleOptions {
  /** Up to the version prefix, without a trailing slash: http://localhost:11434/v1. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  maxTokens: number;
  /** The instructions each audience gets when the request brings none. */
  defaultSystemPrompt(audience: ModelAudience): string | undefined;
}

interface ProviderErrorBody {
  code?: string | number | null;
  type?: string | null;
}

interface ProviderUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
}

/** A tool call as OpenAI writes it; in a stream, its pieces by `index` (id and name first, then the arguments' text). */
interface ProviderToolCall {
  index?: number;
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string };
}

/** What we read from a `chat.completion.chunk` (and an in-stream error). */
interface CompletionChunk {
  choices?: { delta?: { content?: string | null; tool_calls?: ProviderToolCall[] | null }; finish_reason?: string | null }[];
  usage?: ProviderUsage | null;
  error?: ProviderErrorBody;
}

/** What we read from a whole `chat.completion` (`stream: false`). */
interface Completion {
  choices?: { message?: { content?: string | null; tool_calls?: ProviderToolCall[] | null }; finish_reason?: string | null }[];
  usage?: ProviderUsage | null;
  error?: ProviderErrorBody;
}

/**
 * Any server that speaks OpenAI's chat completions (Ollama, vLLM, LM Studio): one model,
 * configured by OPENAI_MODEL, answers every audience; Bedrock model ids on agents do not apply.
 * Requests go through an undici pool of kept-alive connections: about half the CPU per call of
 * node:http's client (and a third of Node's fetch), paid on every chat turn and published call.
 */
export class OpenAiCompatibleAdapter implements ModelAdapter {
  readonly name = 'openai-compatible';
  private readonly path: string;
  private readonly pool: Pool;
  private readonly headers: Record<string, string>;

  constructor(private readonly options: OpenAiCompatibleOptions) {
    const endpoint = new URL(`${options.baseUrl}/chat/completions`);
    this.path = `${endpoint.pathname}${endpoint.search}`;
    this.pool = new Pool(endpoint.origin);
    this.headers = {
      'content-type': 'application/json',
      ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
    };
  }

  stream(request: ModelRequest, { signal, activity }: StreamContext): AsyncIterable<ModelEvent> {
    const system = request.systemPrompt?.trim() || this.options.defaultSystemPrompt(request.audience);
    const messages = [
      ...(system ? [{ role: 'system', content: system }] : []),
      ...request.history.filter((turn) => turn.content.trim()).map((turn) => ({ role: turn.role, content: turn.content })),
      { role: 'user', content: request.message },
      ...toolTurnMessages(request),
    ];
    const whole = request.wholeReply === true;
    const body = JSON.stringify({
      model: this.options.model,
      messages,
      ...(whole ? { stream: false } : { stream: true, stream_options: { include_usage: true } }),
      max_tokens: request.maxTokens ?? this.options.maxTokens,
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(request.responseSchema
        ? {
            response_format: {
              type: 'json_schema',
              json_schema: { name: request.responseSchema.name, schema: request.responseSchema.schema, strict: true },
            },
          }
        : {}),
      ...(request.tools && request.tools.length > 0
        ? {
            tools: request.tools.map((tool) => ({
              type: 'function',
              function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
            })),
            ...(request.toolChoice ? { tool_choice: request.toolChoice } : {}),
          }
        : {}),
    });
    const events = new EventQueue<ModelEvent>();
    (whole ? this.relayWhole(body, signal, events) : this.relay(body, signal, activity, events)).then(
      () => events.end(),
      (error: unknown) => events.fail(error),
    );
    return events;
  }

  /** Posts a request for the reply in one piece (a chat.completion) and pushes it as one delta. */
  private async relayWhole(body: string, signal: AbortSignal, events: EventQueue<ModelEvent>): Promise<void> {
    const reply = await this.post(body, signal, 'application/json');
    const completion = parseCompletion(await reply.text());
    const choice = completion.choices?.[0];
    const content = choice?.message?.content;
    if (content) events.push({ type: 'delta', text: content });
    for (const call of wholeToolCalls(choice?.message?.tool_calls)) events.push({ type: 'tool_call', call });
    const usage = completion.usage ? { inputTokens: completion.usage.prompt_tokens ?? 0, outputTokens: completion.usage.completion_tokens ?? 0 } : undefined;
    events.push({ type: 'done', usage, stopReason: choice?.finish_reason ?? undefined });
  }

  /** Posts the request and pushes the reply's events as its chunks arrive. */
  private async relay(body: string, signal: AbortSignal, activity: () => void, events: EventQueue<ModelEvent>): Promise<void> {
    const reply = await this.post(body, signal, 'text/event-stream');
    let usage: TokenUsage | undefined;
    let stopReason: string | undefined;
    let finished = false;
    const calls = new ToolCallPieces();
    const onData = (data: string) => {
      if (finished) return;
      if (data === '[DONE]') {
        finished = true;
        return;
      }
      const chunk = parseChunk(data);
      const choice = chunk.choices?.[0];
      const text = choice?.delta?.content;
      if (text) events.push({ type: 'delta', text });
      if (choice?.delta?.tool_calls) calls.add(choice.delta.tool_calls);
      if (choice?.finish_reason) stopReason = choice.finish_reason;
      if (chunk.usage) {
        usage = { inputTokens: chunk.usage.prompt_tokens ?? 0, outputTokens: chunk.usage.completion_tokens ?? 0 };
      }
    };
    const parser = createParser({ onEvent: (event) => onData(event.data) });
    // The body comes in Buffers (setEncoding does not reach its iterator): a character may be split between two.
    const decoder = new TextDecoder();
    // The last characters read: whether the reply stopped at an event's end (a blank line).
    let tail = '';
    try {
      // Leaving the loop at [DONE] must not destroy the body: its connection is still good.
      for await (const bytes of reply.iterator({ destroyOnReturn: false }) as AsyncIterable<Uint8Array>) {
        activity();
        const text = decoder.decode(bytes, { stream: true });
        tail = (tail + text).slice(-4);
        // A malformed event (parseChunk throws) ends the reply with its error, whenever it comes.
        parser.feed(text);
        if (finished) break;
      }
      // An event is dispatched only at its blank line (the SSE standard, as the renderer reads our
      // own streams): text left without one is dropped, and it means the reply was cut off.
      if (!finished && tail !== '' && !/(\r\n|\r|\n)(\r\n|\r|\n)$/.test(tail)) throw new ModelProviderError('IncompleteEvent');
    } finally {
      // What follows [DONE] is read (a few bytes) so that the connection goes back to the pool;
      // a reply cut short or refused is dropped with its connection.
      if (finished) reply.dump().catch(() => undefined);
      else reply.destroy();
    }
    for (const call of calls.whole()) events.push({ type: 'tool_call', call });
    events.push({ type: 'done', usage, stopReason });
  }

  toModelError(error: unknown): Error {
    // Socket errors say why in `code` (ECONNREFUSED, ENOTFOUND…).
    const code = (error as { code?: unknown } | null)?.code;
    return new ModelProviderError(typeof code === 'string' && /^[A-Z_]{2,32}$/.test(code) ? code : 'NetworkError');
  }

  close(): void {
    void this.pool.destroy();
  }

  /** Sends the request; a 2xx answer's body is returned, any other status is its ModelError. */
  private async post(body: string, signal: AbortSignal, accept: string): Promise<ReplyBody> {
    const { statusCode, body: reply } = await this.pool.request({
      path: this.path,
      method: 'POST',
      headers: { ...this.headers, accept },
      body,
      signal,
    });
    if (statusCode >= 200 && statusCode < 300) return reply;
    reply.dump().catch(() => undefined);
    throw statusCode === 429 ? new ModelThrottledError() : new ModelProviderError(`HTTP ${statusCode}`);
  }
}

/** The conversation's tool rounds as OpenAI messages: the assistant's calls, then one 'tool' message per result. */
function toolTurnMessages(request: ModelRequest): Record<string, unknown>[] {
  const messages: Record<string, unknown>[] = [];
  for (const turn of request.toolTurns ?? []) {
    messages.push({
      role: 'assistant',
      content: turn.text ? turn.text : null,
      tool_calls: turn.calls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } })),
    });
    for (const result of turn.results) messages.push({ role: 'tool', tool_call_id: result.callId, content: result.output });
  }
  return messages;
}

/** A whole reply's tool calls (those without a name are dropped: nothing could run them). */
function wholeToolCalls(calls: ProviderToolCall[] | null | undefined): ModelToolCall[] {
  return (calls ?? [])
    .filter((call) => call.function?.name)
    .map((call, position) => ({
      id: call.id || `call_${position}`,
      name: call.function!.name!,
      arguments: call.function?.arguments ?? '',
    }));
}

/** A streamed reply's tool calls, assembled from their pieces (by `index`; the arguments' text comes in parts). */
class ToolCallPieces {
  private readonly byIndex = new Map<number, { id: string; name: string; arguments: string }>();

  add(pieces: ProviderToolCall[]): void {
    pieces.forEach((piece, position) => {
      const index = piece.index ?? position;
      const call = this.byIndex.get(index) ?? { id: '', name: '', arguments: '' };
      if (piece.id) call.id = piece.id;
      if (piece.function?.name) call.name += piece.function.name;
      if (piece.function?.arguments) call.arguments += piece.function.arguments;
      this.byIndex.set(index, call);
    });
  }

  whole(): ModelToolCall[] {
    return [...this.byIndex.entries()]
      .sort(([a], [b]) => a - b)
      .filter(([, call]) => call.name)
      .map(([index, call]) => ({ id: call.id || `call_${index}`, name: call.name, arguments: call.arguments }));
  }
}

type ReplyBody = Awaited<ReturnType<Pool['request']>>['body'];

/** One chunk of the stream; an error event (in-stream) becomes the matching ModelError. */
function parseChunk(data: string): CompletionChunk {
  return parseReply<CompletionChunk>(data, 'InvalidChunk', 'StreamError');
}

/** A whole reply (`stream: false`); an error in it becomes the matching ModelError. */
function parseCompletion(text: string): Completion {
  return parseReply<Completion>(text, 'InvalidReply', 'ReplyError');
}

function parseReply<T extends { error?: ProviderErrorBody }>(text: string, invalid: string, failed: string): T {
  let reply: T;
  try {
    reply = JSON.parse(text) as T;
  } catch {
    throw new ModelProviderError(invalid);
  }
  if (reply?.error) {
    const code = String(reply.error.code ?? reply.error.type ?? '');
    if (code === '429' || code === 'rate_limit_exceeded') throw new ModelThrottledError();
    throw new ModelProviderError(failed);
  }
  return reply;
}
