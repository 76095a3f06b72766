import { Agent as HttpAgent, type IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { finished as endOf } from 'node:stream/promises';
import type { ModelAudience, ModelEvent, ModelRequest, TokenUsage } from '../model-gateway';
import { ModelAbortedError, ModelProviderError, ModelThrottledError } from '../model-gateway';
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

/** What we read from a `chat.completion.chunk` (and an in-stream error). */
interface CompletionChunk {
  choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
  usage?: ProviderUsage | null;
  error?: ProviderErrorBody;
}

/** What we read from a whole `chat.completion` (`stream: false`). */
interface Completion {
  choices?: { message?: { content?: string | null }; finish_reason?: string | null }[];
  usage?: ProviderUsage | null;
  error?: ProviderErrorBody;
}

/**
 * Any server that speaks OpenAI's chat completions (Ollama, vLLM, LM Studio): one model,
 * configured by OPENAI_MODEL, answers every audience; Bedrock model ids on agents do not apply.
 * Requests go over node:http(s) with kept-alive connections: Node's fetch costs about twice the
 * CPU per call and per chunk, and a chat turn waits for it before its first token.
 */
export class OpenAiCompatibleAdapter implements ModelAdapter {
  readonly name = 'openai-compatible';
  private readonly endpoint: URL;
  private readonly agent: HttpAgent;

  constructor(private readonly options: OpenAiCompatibleOptions) {
    this.endpoint = new URL(`${options.baseUrl}/chat/completions`);
    this.agent = this.endpoint.protocol === 'https:' ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  }

  stream(request: ModelRequest, { signal, activity }: StreamContext): AsyncIterable<ModelEvent> {
    const system = request.systemPrompt?.trim() || this.options.defaultSystemPrompt(request.audience);
    const messages = [
      ...(system ? [{ role: 'system', content: system }] : []),
      ...request.history.filter((turn) => turn.content.trim()).map((turn) => ({ role: turn.role, content: turn.content })),
      { role: 'user', content: request.message },
    ];
    const whole = request.wholeReply === true;
    const body = JSON.stringify({
      model: this.options.model,
      messages,
      ...(whole ? { stream: false } : { stream: true, stream_options: { include_usage: true } }),
      max_tokens: this.options.maxTokens,
      ...(request.responseSchema
        ? {
            response_format: {
              type: 'json_schema',
              json_schema: { name: request.responseSchema.name, schema: request.responseSchema.schema, strict: true },
            },
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
    const { response, keepConnection } = await this.post(body, signal);
    const text = await this.readSuccess(response);
    keepConnection();
    const completion = parseCompletion(text);
    const choice = completion.choices?.[0];
    const content = choice?.message?.content;
    if (content) events.push({ type: 'delta', text: content });
    const usage = completion.usage ? { inputTokens: completion.usage.prompt_tokens ?? 0, outputTokens: completion.usage.completion_tokens ?? 0 } : undefined;
    events.push({ type: 'done', usage, stopReason: choice?.finish_reason ?? undefined });
  }

  /** The body of a 2xx answer, whole; an error status becomes the matching ModelError. */
  private async readSuccess(response: IncomingMessage): Promise<string> {
    this.assertSuccess(response);
    response.setEncoding('utf8');
    let text = '';
    response.on('data', (part: string) => (text += part));
    await endOf(response);
    return text;
  }

  private assertSuccess(response: IncomingMessage): void {
    const status = response.statusCode ?? 0;
    if (status >= 200 && status < 300) return;
    response.resume();
    throw status === 429 ? new ModelThrottledError() : new ModelProviderError(`HTTP ${status}`);
  }

  /** Posts the request and pushes the reply's events as its chunks arrive. */
  private async relay(body: string, signal: AbortSignal, activity: () => void, events: EventQueue<ModelEvent>): Promise<void> {
    const { response, keepConnection } = await this.post(body, signal);
    this.assertSuccess(response);
    response.setEncoding('utf8');

    let usage: TokenUsage | undefined;
    let stopReason: string | undefined;
    let finished = false;
    try {
      await new Promise<void>((resolve, reject) => {
        const parser = new ServerSentData((data) => {
          if (finished) return;
          if (data === '[DONE]') {
            finished = true;
            resolve();
            return;
          }
          const chunk = parseChunk(data);
          const choice = chunk.choices?.[0];
          const text = choice?.delta?.content;
          if (text) events.push({ type: 'delta', text });
          if (choice?.finish_reason) stopReason = choice.finish_reason;
          if (chunk.usage) {
            usage = { inputTokens: chunk.usage.prompt_tokens ?? 0, outputTokens: chunk.usage.completion_tokens ?? 0 };
          }
        });
        // A malformed event (parseChunk throws) ends the reply with its error, whenever it comes.
        const parse = (read: () => void) => {
          try {
            read();
          } catch (error) {
            reject(error);
          }
        };
        response.on('data', (text: string) => {
          activity();
          parse(() => parser.feed(text));
        });
        endOf(response).then(() => {
          parse(() => parser.end());
          resolve();
        }, reject);
      });
    } finally {
      // A finished reply leaves its connection to the pool; one cut short cannot be reused.
      if (finished || response.complete) {
        keepConnection();
        response.resume();
      } else {
        response.destroy();
      }
    }
    events.push({ type: 'done', usage, stopReason });
  }

  toModelError(error: unknown): Error {
    // Socket errors say why in `code` (ECONNREFUSED, ENOTFOUND…).
    const code = (error as { code?: unknown } | null)?.code;
    return new ModelProviderError(typeof code === 'string' && /^[A-Z_]{2,32}$/.test(code) ? code : 'NetworkError');
  }

  close(): void {
    this.agent.destroy();
  }

  /**
   * Sends the request; stopping (`signal`) cuts the connection until `keepConnection` is called,
   * once the reply has been read whole, so that the connection can serve the next call.
   */
  private post(body: string, signal: AbortSignal): Promise<{ response: IncomingMessage; keepConnection: () => void }> {
    const send = this.endpoint.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const request = send(this.endpoint, {
        method: 'POST',
        agent: this.agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          accept: 'text/event-stream',
          ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
        },
      });
      const cut = () => request.destroy(new ModelAbortedError());
      const keepConnection = () => signal.removeEventListener('abort', cut);
      signal.addEventListener('abort', cut, { once: true });
      request.on('close', keepConnection);
      request.on('response', (response) => resolve({ response, keepConnection }));
      request.on('error', reject);
      request.end(body);
    });
  }
}

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

/**
 * The `data:` payloads of a server-sent event stream, one per event (multi-line data joined),
 * handed to `onData` as the stream's text arrives.
 */
class ServerSentData {
  private buffer = '';
  private data: string[] = [];

  constructor(private readonly onData: (data: string) => void) {}

  feed(text: string): void {
    this.buffer += text;
    let newline: number;
    while ((newline = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, '');
      this.buffer = this.buffer.slice(newline + 1);
      if (line === '') {
        this.dispatch();
      } else if (line.startsWith('data:')) {
        this.data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
      // Comments (':') and other fields (event, id, retry) carry nothing we use.
    }
  }

  /** The stream ended: an event without its closing blank line still counts. */
  end(): void {
    if (this.buffer.startsWith('data:')) this.data.push(this.buffer.slice(this.buffer.startsWith('data: ') ? 6 : 5));
    this.buffer = '';
    this.dispatch();
  }

  private dispatch(): void {
    if (this.data.length === 0) return;
    const data = this.data.join('\n');
    this.data = [];
    this.onData(data);
  }
}
