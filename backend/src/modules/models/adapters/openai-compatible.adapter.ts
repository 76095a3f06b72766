import { Agent as HttpAgent, type IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { finished as endOf } from 'node:stream/promises';
import type { ModelAudience, ModelEvent, ModelRequest, TokenUsage } from '../model-gateway';
import { ModelAbortedError, ModelProviderError, ModelThrottledError } from '../model-gateway';
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

/** What we read from a `chat.completion.chunk` (and an in-stream error). */
interface CompletionChunk {
  choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { code?: string | number | null; type?: string | null };
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

  async *stream(request: ModelRequest, { signal, activity }: StreamContext): AsyncGenerator<ModelEvent> {
    const system = request.systemPrompt?.trim() || this.options.defaultSystemPrompt(request.audience);
    const messages = [
      ...(system ? [{ role: 'system', content: system }] : []),
      ...request.history.filter((turn) => turn.content.trim()).map((turn) => ({ role: turn.role, content: turn.content })),
      { role: 'user', content: request.message },
    ];
    const { response, keepConnection } = await this.post(
      JSON.stringify({
        model: this.options.model,
        messages,
        stream: true,
        stream_options: { include_usage: true },
        max_tokens: this.options.maxTokens,
      }),
      signal,
    );
    const status = response.statusCode ?? 0;
    if (status < 200 || status >= 300) {
      response.resume();
      throw status === 429 ? new ModelThrottledError() : new ModelProviderError(`HTTP ${status}`);
    }
    response.setEncoding('utf8');

    let usage: TokenUsage | undefined;
    let stopReason: string | undefined;
    let finished = false;
    try {
      // Not destroyed when we stop at [DONE]: the finally decides what becomes of the connection.
      for await (const data of serverSentData(response.iterator({ destroyOnReturn: false }))) {
        activity();
        if (data === '[DONE]') {
          finished = true;
          break;
        }
        let chunk: CompletionChunk;
        try {
          chunk = JSON.parse(data) as CompletionChunk;
        } catch {
          throw new ModelProviderError('InvalidChunk');
        }
        if (chunk.error) {
          const code = String(chunk.error.code ?? chunk.error.type ?? '');
          if (code === '429' || code === 'rate_limit_exceeded') throw new ModelThrottledError();
          throw new ModelProviderError('StreamError');
        }
        const choice = chunk.choices?.[0];
        const text = choice?.delta?.content;
        if (text) yield { type: 'delta', text };
        if (choice?.finish_reason) stopReason = choice.finish_reason;
        if (chunk.usage) {
          usage = { inputTokens: chunk.usage.prompt_tokens ?? 0, outputTokens: chunk.usage.completion_tokens ?? 0 };
        }
      }
    } finally {
      // A finished reply leaves its connection to the pool; one cut short cannot be reused.
      if (finished || response.complete) {
        keepConnection();
        response.resume();
        // Whole already: its end comes at once, and with it the connection is free for the next call.
        if (response.complete) await endOf(response).catch(() => undefined);
      } else {
        response.destroy();
      }
    }
    yield { type: 'done', usage, stopReason };
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

/**
 * The `data:` payloads of a server-sent event stream, one per event (multi-line data joined),
 * from its text as it arrives.
 */
export async function* serverSentData(text: AsyncIterable<string>): AsyncGenerator<string> {
  let buffer = '';
  let data: string[] = [];
  for await (const chunk of text) {
    buffer += chunk;
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, '');
      buffer = buffer.slice(newline + 1);
      if (line === '') {
        if (data.length > 0) yield data.join('\n');
        data = [];
      } else if (line.startsWith('data:')) {
        data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
      // Comments (':') and other fields (event, id, retry) carry nothing we use.
    }
  }
  if (buffer.startsWith('data:')) data.push(buffer.slice(buffer.startsWith('data: ') ? 6 : 5));
  if (data.length > 0) yield data.join('\n');
}
