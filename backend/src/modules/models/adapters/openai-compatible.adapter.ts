import type { ModelAudience, ModelEvent, ModelRequest, TokenUsage } from '../model-gateway';
import { ModelProviderError, ModelThrottledError } from '../model-gateway';
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
  fetch?: typeof fetch;
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
 */
export class OpenAiCompatibleAdapter implements ModelAdapter {
  readonly name = 'openai-compatible';

  constructor(private readonly options: OpenAiCompatibleOptions) {}

  async *stream(request: ModelRequest, { signal, activity }: StreamContext): AsyncGenerator<ModelEvent> {
    const system = request.systemPrompt?.trim() || this.options.defaultSystemPrompt(request.audience);
    const messages = [
      ...(system ? [{ role: 'system', content: system }] : []),
      ...request.history.filter((turn) => turn.content.trim()).map((turn) => ({ role: turn.role, content: turn.content })),
      { role: 'user', content: request.message },
    ];
    const response = await (this.options.fetch ?? fetch)(`${this.options.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: this.options.model,
        messages,
        stream: true,
        stream_options: { include_usage: true },
        max_tokens: this.options.maxTokens,
      }),
      signal,
    });
    if (response.status === 429) {
      await response.body?.cancel().catch(() => undefined);
      throw new ModelThrottledError();
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      throw new ModelProviderError(`HTTP ${response.status}`);
    }

    let usage: TokenUsage | undefined;
    let stopReason: string | undefined;
    for await (const data of serverSentData(response.body)) {
      activity();
      if (data === '[DONE]') break;
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
    yield { type: 'done', usage, stopReason };
  }

  toModelError(error: unknown): Error {
    // fetch rejects with a TypeError whose `cause` says why (ECONNREFUSED, ENOTFOUND…).
    const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
    return new ModelProviderError(typeof cause === 'string' && /^[A-Z_]{2,32}$/.test(cause) ? cause : 'NetworkError');
  }
}

/** The `data:` payloads of a server-sent event stream, one per event (multi-line data joined). */
export async function* serverSentData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let buffer = '';
  let data: string[] = [];
  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
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
      if (done) {
        if (buffer.startsWith('data:')) data.push(buffer.slice(buffer.startsWith('data: ') ? 6 : 5));
        if (data.length > 0) yield data.join('\n');
        return;
      }
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
