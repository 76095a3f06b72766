import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';

/**
 * A local OpenAI-compatible server (what Ollama, vLLM and LM Studio expose):
 * `POST /v1/chat/completions` with `stream: true` answers server-sent events, one
 * `chat.completion.chunk` per reply part, then a final chunk with `finish_reason`, a usage chunk
 * (when `stream_options.include_usage`) and `data: [DONE]`; with `stream: false`, one
 * `chat.completion` with the whole reply and its usage. `GET /v1/models` lists its models.
 */
export interface OpenAiFakeOptions {
  /** The reply, streamed one chunk per part. */
  reply: string[];
  /**
   * Replies for the next requests, one each, before falling back to `reply` (e.g. an invalid
   * structured reply, then a valid one).
   */
  replies?: string[][];
  /** A reply chosen from the request (e.g. by its system prompt), when it returns one; before `reply`. */
  replyFor?: (body: any) => string[] | undefined;
  /** Answers with this HTTP status and an OpenAI error body instead of a stream (e.g. 429). */
  status?: number;
  /** With `failAfter`: sends an in-stream `error` event after that many parts and closes. */
  failAfter?: number;
  /** Accepts the request and never answers. */
  hang?: boolean;
  /** Ends the response with this text after the parts, without the closing events: a reply cut off mid-event. */
  cutOffWith?: string;
  /** Wait between chunks, in ms (default 0). */
  delayMs?: number;
  usage?: { prompt_tokens: number; completion_tokens: number };
  finishReason?: string;
  /** What `GET /v1/models` lists (default: 'fake-model', the model of openAiFakeEnv). */
  models?: string[];
  /** Answers `GET /v1/models` with this HTTP status instead of the list. */
  modelsStatus?: number;
  /**
   * Tool calls (issue 33) for the next requests that offer tools, one list each, before
   * `toolCallsFor`: the reply is then these calls (streamed as tool_calls deltas, the arguments in
   * two pieces, or whole in the message), with finish_reason 'tool_calls'.
   */
  toolCalls?: FakeToolCall[][];
  /**
   * Tool calls chosen from the request, when it returns some. Without either option, a request
   * offering tools whose last message is the user's and holds `[[tool:NAME {json}]]` calls NAME.
   */
  toolCallsFor?: (body: any) => FakeToolCall[] | undefined;
}

/** A call the fake model makes: a tool's name and its arguments (an object, or raw text sent as is). */
export interface FakeToolCall {
  name: string;
  arguments: Record<string, unknown> | string;
}

const TOOL_MARKER = /\[\[tool:([A-Za-z0-9_-]+)\s*(\{.*?\})?\]\]/g;

/** The calls a request asks of the fake: scripted ones, chosen ones, else the markers in the user's last message. */
function toolCallsOf(body: any, current: OpenAiFakeOptions): FakeToolCall[] {
  if (!Array.isArray(body?.tools) || body.tools.length === 0 || body.tool_choice === 'none') return [];
  const scripted = current.toolCalls?.shift();
  if (scripted) return scripted;
  const chosen = current.toolCallsFor?.(body);
  if (chosen) return chosen;
  const last = body.messages?.[body.messages.length - 1];
  if (last?.role !== 'user' || typeof last.content !== 'string') return [];
  return [...last.content.matchAll(TOOL_MARKER)].map((match) => ({ name: match[1], arguments: match[2] ? (JSON.parse(match[2]) as Record<string, unknown>) : {} }));
}

function argumentsText(call: FakeToolCall): string {
  return typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
}

export interface OpenAiFakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

export interface OpenAiFake {
  /** `http://127.0.0.1:{port}/v1`: the OPENAI_BASE_URL. */
  url: string;
  requests: OpenAiFakeRequest[];
  /** `GET /v1/models` requests (the model catalogue), apart from the chat requests. */
  modelListRequests: OpenAiFakeRequest[];
  /** TCP connections accepted so far. */
  readonly connections: number;
  set(options: Partial<OpenAiFakeOptions>): void;
  close(): Promise<void>;
}

/** The environment that points the app (createTestApp) at the fake as an OpenAI-compatible provider. */
export function openAiFakeEnv(fake: Pick<OpenAiFake, 'url'>, extra: Record<string, string> = {}): Record<string, string> {
  return { MODEL_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'fake-model', ...extra };
}

export async function startOpenAiFake(initial: OpenAiFakeOptions): Promise<OpenAiFake> {
  let options: OpenAiFakeOptions = { ...initial };
  const requests: OpenAiFakeRequest[] = [];
  const modelListRequests: OpenAiFakeRequest[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((req, res) => {
    void readBody(req).then((raw) => handle(req, res, raw));
  });
  server.on('connection', (socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string): Promise<void> {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === '/v1/models') {
      modelListRequests.push({ method: req.method, path, headers: { ...req.headers }, body: undefined });
      listModels(res);
      return;
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
      return;
    }
    const body = raw ? JSON.parse(raw) : undefined;
    requests.push({ method: req.method, path, headers: { ...req.headers }, body });

    const current = options;
    if (current.hang) return;
    if (current.status) {
      const rateLimited = current.status === 429;
      res.writeHead(current.status, { 'content-type': 'application/json', ...(rateLimited ? { 'retry-after': '1' } : {}) });
      res.end(
        JSON.stringify({
          error: rateLimited
            ? { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' }
            : { message: 'The fake failed', type: 'server_error', code: null },
        }),
      );
      return;
    }

    if (body?.stream === false) {
      await answerWhole(res, body, current);
      return;
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const id = `chatcmpl-fake${requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    const model = body?.model ?? 'fake';
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices, ...extra })}\n\n`;

    const events: string[] = [chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }])];
    const calls = toolCallsOf(body, current);
    if (calls.length > 0) {
      calls.forEach((call, index) => {
        const text = argumentsText(call);
        const half = Math.ceil(text.length / 2);
        const callId = `call_fake${requests.length}_${index}`;
        events.push(chunk([{ index: 0, delta: { tool_calls: [{ index, id: callId, type: 'function', function: { name: call.name, arguments: text.slice(0, half) } }] }, finish_reason: null }]));
        events.push(chunk([{ index: 0, delta: { tool_calls: [{ index, function: { arguments: text.slice(half) } }] }, finish_reason: null }]));
      });
      events.push(chunk([{ index: 0, delta: {}, finish_reason: 'tool_calls' }]));
      if (body?.stream_options?.include_usage) events.push(chunk([], { usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 } }));
      events.push('data: [DONE]\n\n');
      for (const event of events) {
        if (res.destroyed) return;
        if (current.delayMs) await sleep(current.delayMs);
        res.write(event);
      }
      res.end();
      return;
    }
    const reply = current.replies?.shift() ?? current.replyFor?.(body) ?? current.reply;
    const parts = current.failAfter !== undefined ? reply.slice(0, current.failAfter) : reply;
    for (const content of parts) events.push(chunk([{ index: 0, delta: { content }, finish_reason: null }]));
    if (current.failAfter !== undefined) {
      events.push(`data: ${JSON.stringify({ error: { message: 'The model crashed', type: 'server_error' } })}\n\n`);
    } else if (current.cutOffWith !== undefined) {
      events.push(current.cutOffWith);
    } else {
      events.push(chunk([{ index: 0, delta: {}, finish_reason: current.finishReason ?? 'stop' }]));
      if (body?.stream_options?.include_usage) {
        const usage = current.usage ?? { prompt_tokens: 12, completion_tokens: reply.length };
        events.push(chunk([], { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } }));
      }
      events.push('data: [DONE]\n\n');
    }
    for (const event of events) {
      if (res.destroyed) return;
      if (current.delayMs) await sleep(current.delayMs);
      res.write(event);
    }
    res.end();
  }

  /**
   * `stream: false`: one chat.completion with the whole reply. A failure mid-reply (`failAfter`)
   * is an HTTP 500 with an OpenAI error body; `cutOffWith` ends the body early with that text.
   */
  async function answerWhole(res: ServerResponse, body: any, current: OpenAiFakeOptions): Promise<void> {
    if (current.delayMs) await sleep(current.delayMs);
    if (res.destroyed) return;
    if (current.failAfter !== undefined) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'The model crashed', type: 'server_error', code: null } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    if (current.cutOffWith !== undefined) {
      res.end(current.cutOffWith);
      return;
    }
    const calls = toolCallsOf(body, current);
    if (calls.length > 0) {
      res.end(
        JSON.stringify({
          id: `chatcmpl-fake${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body?.model ?? 'fake',
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: null,
                tool_calls: calls.map((call, index) => ({ id: `call_fake${requests.length}_${index}`, type: 'function', function: { name: call.name, arguments: argumentsText(call) } })),
              },
              finish_reason: 'tool_calls',
            },
          ],
          usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 },
        }),
      );
      return;
    }
    const reply = current.replies?.shift() ?? current.replyFor?.(body) ?? current.reply;
    const usage = current.usage ?? { prompt_tokens: 12, completion_tokens: reply.length };
    res.end(
      JSON.stringify({
        id: `chatcmpl-fake${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body?.model ?? 'fake',
        choices: [{ index: 0, message: { role: 'assistant', content: reply.join('') }, finish_reason: current.finishReason ?? 'stop' }],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      }),
    );
  }

  function listModels(res: ServerResponse): void {
    if (options.modelsStatus) {
      res.writeHead(options.modelsStatus, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'The fake failed', type: 'server_error', code: null } }));
      return;
    }
    const data = (options.models ?? ['fake-model']).map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'fake' }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ object: 'list', data }));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    modelListRequests,
    get connections() {
      return connections;
    },
    set(next) {
      options = { ...options, ...next };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
