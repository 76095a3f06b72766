import { createServer as createHttp1Server } from 'node:http';
import { createServer, type Http2ServerRequest, type Http2ServerResponse, type ServerHttp2Session } from 'node:http2';
import type { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { EventStreamCodec } from '@smithy/core/event-streams';

/**
 * A local Amazon Bedrock that speaks the real wire protocol, for the official SDK clients pointed
 * at it with `endpoint`: HTTP/2 without TLS (the SDK's default NodeHttp2Handler connects to
 * `http://` by prior knowledge), REST-JSON requests, and replies as AWS event-stream frames
 * (`application/vnd.amazon.eventstream`). It does not check signatures.
 *
 * - `POST /agents/{agentId}/agentAliases/{aliasId}/sessions/{sessionId}/text` (Agent Runtime
 *   InvokeAgent): one `chunk` event per reply part.
 * - `POST /model/{modelId}/converse-stream` (Runtime ConverseStream): messageStart,
 *   contentBlockDelta per part, contentBlockStop, messageStop, metadata (usage). A request with
 *   `toolConfig` forcing a tool (`toolChoice.tool`) is answered as that tool's use: a
 *   contentBlockStart naming the tool, the parts as `toolUse.input` deltas, stop reason 'tool_use'.
 */
export interface BedrockFakeOptions {
  /** The reply, streamed one event per part. */
  reply: string[];
  /** Replies for the next requests, one each, before falling back to `reply`. */
  replies?: string[][];
  /** With `exception`: how many parts go out before the exception frame (default 0). */
  failAfter?: number;
  /** Sends an exception frame with this `:exception-type`, e.g. 'throttlingException'. */
  exception?: string;
  /** Answers with this HTTP status and no stream (with `errorType` as x-amzn-ErrorType). */
  status?: number;
  /** The error type of a `status` answer, e.g. 'ThrottlingException' (default 'ValidationException'). */
  errorType?: string;
  /** Accepts the request and never answers. */
  hang?: boolean;
  /** Sends this many reply parts, then keeps the stream open without sending anything more. */
  stallAfter?: number;
  /** InvokeAgent: these raw chunk bytes instead of `reply` (to split a character between chunks). */
  rawChunks?: Uint8Array[];
  /** Wait between events, in ms (default 0). */
  delayMs?: number;
  /** ConverseStream's metadata usage (default 12 in, one token per reply part out). */
  usage?: { inputTokens: number; outputTokens: number };
  /** ConverseStream's messageStop reason (default 'end_turn'). */
  stopReason?: string;
  /**
   * Tool uses (issue 33) for the next ConverseStream requests that offer tools (toolConfig without
   * a forced tool), one list each: the reply is then these toolUse blocks (contentBlockStart with
   * the id and name, the input's JSON in two deltas, contentBlockStop), stop reason 'tool_use'.
   * Without them, such a request whose last message is the user's text with
   * `[[tool:NAME {json}]]` uses NAME.
   */
  toolCalls?: { name: string; arguments: Record<string, unknown> | string }[][];
}

/** A foundation model as ListFoundationModels describes it. */
export interface FakeFoundationModel {
  modelId: string;
  modelName: string;
  providerName: string;
  outputModalities: string[];
  inferenceTypesSupported: string[];
  lifecycle?: 'ACTIVE' | 'LEGACY';
}

/** An inference profile as ListInferenceProfiles describes it. */
export interface FakeInferenceProfile {
  inferenceProfileId: string;
  inferenceProfileName: string;
  status?: string;
}

/** What the control plane (`controlUrl`) lists, and how it fails. */
export interface BedrockControlOptions {
  foundationModels?: FakeFoundationModel[];
  inferenceProfiles?: FakeInferenceProfile[];
  /** Answers every control-plane call with this status (with `errorType` as x-amzn-ErrorType). */
  status?: number;
  errorType?: string;
}

/** The default catalogue: what a region lists, with models the catalogue must leave out. */
export const FAKE_FOUNDATION_MODELS: FakeFoundationModel[] = [
  { modelId: 'anthropic.claude-3-5-sonnet-20240620-v1:0', modelName: 'Claude 3.5 Sonnet', providerName: 'Anthropic', outputModalities: ['TEXT'], inferenceTypesSupported: ['ON_DEMAND'] },
  { modelId: 'amazon.titan-embed-text-v2:0', modelName: 'Titan Text Embeddings V2', providerName: 'Amazon', outputModalities: ['EMBEDDING'], inferenceTypesSupported: ['ON_DEMAND'] },
  { modelId: 'stability.sd3-large-v1:0', modelName: 'SD3 Large', providerName: 'Stability AI', outputModalities: ['IMAGE'], inferenceTypesSupported: ['ON_DEMAND'] },
  { modelId: 'meta.llama3-70b-instruct-v1:0:8k', modelName: 'Llama 3 70B Instruct', providerName: 'Meta', outputModalities: ['TEXT'], inferenceTypesSupported: ['PROVISIONED'] },
  { modelId: 'anthropic.claude-v2', modelName: 'Claude', providerName: 'Anthropic', outputModalities: ['TEXT'], inferenceTypesSupported: ['ON_DEMAND'], lifecycle: 'LEGACY' },
];

export const FAKE_INFERENCE_PROFILES: FakeInferenceProfile[] = [
  { inferenceProfileId: 'us.anthropic.claude-3-5-sonnet-20240620-v1:0', inferenceProfileName: 'US Anthropic Claude 3.5 Sonnet' },
  { inferenceProfileId: 'us.meta.llama3-2-90b-instruct-v1:0', inferenceProfileName: 'US Meta Llama 3.2 90B Instruct' },
];

export interface BedrockFakeRequest {
  operation: 'InvokeAgent' | 'ConverseStream';
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  /** InvokeAgent path parameters. */
  agentId?: string;
  aliasId?: string;
  sessionId?: string;
  /** ConverseStream path parameter. */
  modelId?: string;
}

export interface BedrockFake {
  /** `http://127.0.0.1:{port}`: give it to the SDK clients (or BEDROCK_ENDPOINT). */
  url: string;
  requests: BedrockFakeRequest[];
  /**
   * The control plane (ListFoundationModels, ListInferenceProfiles) on HTTP/1.1, as the Bedrock
   * SDK client speaks it: `http://127.0.0.1:{port}` for BEDROCK_CONTROL_ENDPOINT.
   */
  controlUrl: string;
  /** Control-plane requests: method and path with the query. */
  controlRequests: { method: string; url: string }[];
  setControl(options: BedrockControlOptions): void;
  /** Changes the behaviour for the next requests. */
  set(options: Partial<BedrockFakeOptions>): void;
  close(): Promise<void>;
}

/** Static credentials for the SDK clients that talk to the fake (it does not check them). */
export const FAKE_AWS_CREDENTIALS = { accessKeyId: 'AKIDFAKEBEDROCK', secretAccessKey: 'fake-secret-key' };

/** The environment that points the app (createTestApp) at the fake, with Bedrock as the provider. */
export function bedrockFakeEnv(fake: Pick<BedrockFake, 'url'> & Partial<Pick<BedrockFake, 'controlUrl'>>, extra: Record<string, string> = {}): Record<string, string> {
  return { MODEL_PROVIDER: 'bedrock', BEDROCK_ENDPOINT: fake.url, ...controlEnv(fake), ...extra };
}

/**
 * The app takes AWS credentials from the SDK's default chain; this puts static ones in the
 * environment (so the chain stops there, without looking for profiles or instance roles).
 * Returns the function that restores the previous values.
 */
export function useFakeAwsCredentials(): () => void {
  const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY, token: process.env.AWS_SESSION_TOKEN };
  process.env.AWS_ACCESS_KEY_ID = FAKE_AWS_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = FAKE_AWS_CREDENTIALS.secretAccessKey;
  delete process.env.AWS_SESSION_TOKEN;
  return () => {
    for (const [name, value] of [
      ['AWS_ACCESS_KEY_ID', saved.id],
      ['AWS_SECRET_ACCESS_KEY', saved.secret],
      ['AWS_SESSION_TOKEN', saved.token],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}

const utf8 = new TextEncoder();
const codec = new EventStreamCodec((bytes) => new TextDecoder().decode(bytes), (text) => utf8.encode(text));

export function eventFrame(eventType: string, payload: unknown): Uint8Array {
  return codec.encode({
    headers: {
      ':event-type': { type: 'string', value: eventType },
      ':message-type': { type: 'string', value: 'event' },
      ':content-type': { type: 'string', value: 'application/json' },
    },
    body: utf8.encode(JSON.stringify(payload)),
  });
}

export function exceptionFrame(exceptionType: string, message: string): Uint8Array {
  return codec.encode({
    headers: {
      ':exception-type': { type: 'string', value: exceptionType },
      ':message-type': { type: 'string', value: 'exception' },
      ':content-type': { type: 'string', value: 'application/json' },
    },
    body: utf8.encode(JSON.stringify({ message })),
  });
}

const INVOKE_AGENT = /^\/agents\/([^/]+)\/agentAliases\/([^/]+)\/sessions\/([^/]+)\/text$/;
const CONVERSE_STREAM = /^\/model\/([^/]+)\/converse-stream$/;

export async function startBedrockFake(initial: BedrockFakeOptions): Promise<BedrockFake> {
  let options: BedrockFakeOptions = { ...initial };
  const requests: BedrockFakeRequest[] = [];
  const sessions = new Set<ServerHttp2Session>();
  const server = createServer();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });

  server.on('request', (req: Http2ServerRequest, res: Http2ServerResponse) => {
    void readBody(req).then((raw) => handle(req, res, raw));
  });

  async function handle(req: Http2ServerRequest, res: Http2ServerResponse, raw: string): Promise<void> {
    const path = decodeURI(req.url.split('?')[0]);
    const body = raw ? JSON.parse(raw) : undefined;
    const invoke = INVOKE_AGENT.exec(path);
    const converse = CONVERSE_STREAM.exec(path);
    if (req.method !== 'POST' || (!invoke && !converse)) {
      res.writeHead(404, { 'content-type': 'application/json', 'x-amzn-errortype': 'UnknownOperationException' });
      res.end(JSON.stringify({ message: 'Unknown operation' }));
      return;
    }
    requests.push({
      operation: invoke ? 'InvokeAgent' : 'ConverseStream',
      method: req.method,
      path,
      headers: { ...req.headers },
      body,
      ...(invoke
        ? { agentId: decodeURIComponent(invoke[1]), aliasId: decodeURIComponent(invoke[2]), sessionId: decodeURIComponent(invoke[3]) }
        : { modelId: decodeURIComponent(converse![1]) }),
    });

    const current = options;
    if (current.hang) return;
    if (current.status) {
      const errorType = current.errorType ?? 'ValidationException';
      res.writeHead(current.status, { 'content-type': 'application/json', 'x-amzn-errortype': errorType });
      res.end(JSON.stringify({ message: `${errorType} from the fake` }));
      return;
    }

    res.writeHead(200, {
      'content-type': 'application/vnd.amazon.eventstream',
      'x-amzn-requestid': `fake-${requests.length}`,
      ...(invoke ? { 'x-amzn-bedrock-agent-content-type': 'application/json', 'x-amz-bedrock-agent-session-id': invoke[3] } : {}),
    });
    const reply = current.replies?.shift() ?? current.reply;
    const forcedTool: string | undefined = body?.toolConfig?.toolChoice?.tool?.name;
    const uses = !invoke && !forcedTool ? toolUsesOf(body, current) : [];
    let frames = invoke
      ? invokeAgentFrames({ ...current, reply })
      : uses.length > 0
        ? toolUseFrames(uses, requests.length)
        : converseFrames({ ...current, reply }, forcedTool);
    // ConverseStream opens with messageStart before the first part.
    if (current.stallAfter !== undefined) frames = frames.slice(0, current.stallAfter + (invoke ? 0 : 1));
    for (const frame of frames) {
      if (res.destroyed || res.stream.closed) return;
      if (current.delayMs) await sleep(current.delayMs);
      res.write(frame);
    }
    if (current.stallAfter === undefined) res.end();
  }

  const control = await startControlPlane();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    controlUrl: control.url,
    controlRequests: control.requests,
    setControl: control.set,
    set(next) {
      options = { ...options, ...next };
    },
    close: async () => {
      await control.close();
      await new Promise<void>((resolve) => {
        for (const session of sessions) session.destroy();
        server.close(() => resolve());
      });
    },
  };
}

function controlEnv(fake: Partial<Pick<BedrockFake, 'controlUrl'>>): Record<string, string> {
  return fake.controlUrl ? { BEDROCK_CONTROL_ENDPOINT: fake.controlUrl } : {};
}

/** ListFoundationModels (with its byOutputModality and byInferenceType filters) and paged ListInferenceProfiles. */
async function startControlPlane() {
  let options: BedrockControlOptions = {};
  const requests: { method: string; url: string }[] = [];
  const sockets = new Set<Socket>();
  const server = createHttp1Server((req, res) => {
    req.resume();
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ method: req.method ?? '', url: req.url ?? '' });
    const reply = (status: number, body: unknown, errorType?: string) => {
      res.writeHead(status, { 'content-type': 'application/json', ...(errorType ? { 'x-amzn-errortype': errorType } : {}) });
      res.end(JSON.stringify(body));
    };
    if (options.status) {
      const errorType = options.errorType ?? 'AccessDeniedException';
      reply(options.status, { message: `${errorType} from the fake` }, errorType);
    } else if (req.method === 'GET' && url.pathname === '/foundation-models') {
      const output = url.searchParams.get('byOutputModality');
      const inference = url.searchParams.get('byInferenceType');
      const models = (options.foundationModels ?? FAKE_FOUNDATION_MODELS).filter(
        (model) => (!output || model.outputModalities.includes(output)) && (!inference || model.inferenceTypesSupported.includes(inference)),
      );
      reply(200, {
        modelSummaries: models.map(({ lifecycle, ...model }) => ({
          ...model,
          modelArn: `arn:aws:bedrock:us-east-1::foundation-model/${model.modelId}`,
          inputModalities: ['TEXT'],
          responseStreamingSupported: true,
          modelLifecycle: { status: lifecycle ?? 'ACTIVE' },
        })),
      });
    } else if (req.method === 'GET' && url.pathname === '/inference-profiles') {
      const all = options.inferenceProfiles ?? FAKE_INFERENCE_PROFILES;
      const start = Number(url.searchParams.get('nextToken') ?? 0);
      const size = Number(url.searchParams.get('maxResults') ?? 1000);
      const end = start + size;
      reply(200, {
        inferenceProfileSummaries: all.slice(start, end).map((profile) => ({
          inferenceProfileId: profile.inferenceProfileId,
          inferenceProfileName: profile.inferenceProfileName,
          inferenceProfileArn: `arn:aws:bedrock:us-east-1:123456789012:inference-profile/${profile.inferenceProfileId}`,
          status: profile.status ?? 'ACTIVE',
          type: 'SYSTEM_DEFINED',
          models: [],
        })),
        ...(end < all.length ? { nextToken: String(end) } : {}),
      });
    } else {
      reply(404, { message: 'Unknown operation' }, 'UnknownOperationException');
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    set(next: BedrockControlOptions) {
      options = { ...next };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function invokeAgentFrames(options: BedrockFakeOptions): Uint8Array[] {
  const all = options.rawChunks ?? options.reply.map((part) => Buffer.from(part, 'utf8'));
  const parts = options.exception ? all.slice(0, options.failAfter ?? 0) : all;
  const frames = parts.map((part) => eventFrame('chunk', { bytes: Buffer.from(part).toString('base64') }));
  if (options.exception) frames.push(exceptionFrame(options.exception, `${options.exception} from the fake`));
  return frames;
}

function converseFrames(options: BedrockFakeOptions, forcedTool?: string): Uint8Array[] {
  const parts = options.exception ? options.reply.slice(0, options.failAfter ?? 0) : options.reply;
  const frames = [eventFrame('messageStart', { role: 'assistant' })];
  if (forcedTool) {
    frames.push(eventFrame('contentBlockStart', { contentBlockIndex: 0, start: { toolUse: { toolUseId: 'tooluse_fake1', name: forcedTool } } }));
  }
  for (const text of parts) {
    const delta = forcedTool ? { toolUse: { input: text } } : { text };
    frames.push(eventFrame('contentBlockDelta', { contentBlockIndex: 0, delta }));
  }
  if (options.exception) {
    frames.push(exceptionFrame(options.exception, `${options.exception} from the fake`));
    return frames;
  }
  const usage = options.usage ?? { inputTokens: 12, outputTokens: options.reply.length };
  frames.push(
    eventFrame('contentBlockStop', { contentBlockIndex: 0 }),
    eventFrame('messageStop', { stopReason: options.stopReason ?? (forcedTool ? 'tool_use' : 'end_turn') }),
    eventFrame('metadata', {
      usage: { ...usage, totalTokens: usage.inputTokens + usage.outputTokens },
      metrics: { latencyMs: 42 },
    }),
  );
  return frames;
}

const TOOL_MARKER = /\[\[tool:([A-Za-z0-9_-]+)\s*(\{.*?\})?\]\]/g;

type FakeToolUse = NonNullable<BedrockFakeOptions['toolCalls']>[number][number];

/** The tool uses a ConverseStream request asks of the fake: scripted ones, else the markers of the user's last text. */
function toolUsesOf(body: any, current: BedrockFakeOptions): FakeToolUse[] {
  if (!Array.isArray(body?.toolConfig?.tools) || body.toolConfig.tools.length === 0) return [];
  const scripted = current.toolCalls?.shift();
  if (scripted) return scripted;
  const last = body.messages?.[body.messages.length - 1];
  const text = last?.role === 'user' ? last.content?.find((block: any) => typeof block.text === 'string')?.text : undefined;
  if (typeof text !== 'string') return [];
  return [...text.matchAll(TOOL_MARKER)].map((match) => ({ name: match[1], arguments: match[2] ? (JSON.parse(match[2]) as Record<string, unknown>) : {} }));
}

function toolUseFrames(uses: FakeToolUse[], request: number): Uint8Array[] {
  const frames = [eventFrame('messageStart', { role: 'assistant' })];
  uses.forEach((use, contentBlockIndex) => {
    const input = typeof use.arguments === 'string' ? use.arguments : JSON.stringify(use.arguments);
    const half = Math.ceil(input.length / 2);
    frames.push(
      eventFrame('contentBlockStart', { contentBlockIndex, start: { toolUse: { toolUseId: `tooluse_fake${request}_${contentBlockIndex}`, name: use.name } } }),
      eventFrame('contentBlockDelta', { contentBlockIndex, delta: { toolUse: { input: input.slice(0, half) } } }),
      eventFrame('contentBlockDelta', { contentBlockIndex, delta: { toolUse: { input: input.slice(half) } } }),
      eventFrame('contentBlockStop', { contentBlockIndex }),
    );
  });
  frames.push(
    eventFrame('messageStop', { stopReason: 'tool_use' }),
    eventFrame('metadata', { usage: { inputTokens: 12, outputTokens: 3, totalTokens: 15 }, metrics: { latencyMs: 42 } }),
  );
  return frames;
}

function readBody(req: Http2ServerRequest): Promise<string> {
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
