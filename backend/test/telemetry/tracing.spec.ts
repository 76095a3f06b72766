import { randomBytes } from 'node:crypto';
import { type OpenAiFake, openAiFakeEnv, type OtlpReceiver, otlpEnv, type ReceivedSpan, startOpenAiFake, startOtlpReceiver } from '../fakes';
import { type BackendInstall, type BackendProcess, createBackendInstall } from '../support/backend-process';
import { type SignedInUser, signUpAndSignIn } from '../support/identity-client';

/**
 * Issue 35, point 2: the real backend, as its own process, with OTEL_EXPORTER_OTLP_ENDPOINT set
 * exports a chat turn as one trace (the caller's, when it sends a `traceparent`): the HTTP route,
 * each SQL statement, the model call with its tokens, time to first token and cost, and the call
 * to the model's server, which gets the trace's `traceparent`. Each log line written in the turn
 * carries the trace id. Without the variable no trace leaves the process and nothing is passed on.
 * Runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
jest.setTimeout(120_000);

const POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
/** How each database's SQL spans name it (the pg instrumentation's, our own for better-sqlite3). */
const SQL_SYSTEM = POSTGRES ? 'postgresql' : 'sqlite';
const PRICES = '{"*": {"inputPerMillion": 3, "outputPerMillion": 15}}';

interface LogLine {
  context?: string;
  message?: { method?: string; path?: string };
  traceId?: string;
  spanId?: string;
}

/** A W3C `traceparent` as a caller (a proxy, another service) would send it; `sampled: false` when its trace is not kept. */
function callerTraceparent({ sampled = true } = {}): { header: string; traceId: string; spanId: string } {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { header: `00-${traceId}-${spanId}-${sampled ? '01' : '00'}`, traceId, spanId };
}

describe(`traces of a chat turn (${POSTGRES ? 'PostgreSQL' : 'SQLite'})`, () => {
  let fake: OpenAiFake;

  beforeAll(async () => {
    fake = await startOpenAiFake({ reply: ['Hola, ', 'soy el ', 'modelo.'], delayMs: 20, usage: { prompt_tokens: 120, completion_tokens: 30 } });
  });

  afterAll(async () => {
    await fake?.close();
  });

  /** Signs a user up on a running backend and sends one streamed chat turn, with the caller's traceparent when given. */
  async function chatTurn(install: BackendInstall, email: string, traceparent?: string): Promise<void> {
    const user: SignedInUser = await signUpAndSignIn({ server: install.url, config: install.config }, email);
    const headers = { ...user.authorization, 'Content-Type': 'application/json' };
    const created = await fetch(`${install.url}/api/conversations`, { method: 'POST', headers, body: JSON.stringify({ title: 'Trazas' }) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const turn = await fetch(`${install.url}/api/bedrock/agents/chat`, {
      method: 'POST',
      headers: { ...headers, Accept: 'text/event-stream', ...(traceparent ? { traceparent } : {}) },
      body: JSON.stringify({ conversationId: id, messageId: 'turno-trazado', message: '¿Quién eres?' }),
    });
    expect(turn.status).toBe(200);
    expect(await turn.text()).toContain('event: done');
  }

  /** The request lines of `path` once `count` have been read from the backend's output (it is read as it comes). */
  async function requestLines(backend: BackendProcess, path: string, count: number): Promise<LogLine[]> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const lines = backend.logLines<LogLine>().filter((line) => line.context === 'HTTP' && line.message?.path === path);
      if (lines.length >= count || Date.now() > deadline) return lines;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** A backend exporting its traces to a receiver of its own, started for the tests of the describe that calls this. */
  function exportingBackend(env: Record<string, string>): { receiver: OtlpReceiver; install: BackendInstall; backend: BackendProcess } {
    const traced = {} as { receiver: OtlpReceiver; install: BackendInstall; backend: BackendProcess };
    beforeAll(async () => {
      traced.receiver = await startOtlpReceiver();
      traced.install = await createBackendInstall({ ...openAiFakeEnv(fake), ...otlpEnv(traced.receiver), LOG_LEVEL: 'info', ...env });
      traced.backend = await traced.install.start();
    });
    afterAll(async () => {
      await traced.install?.dispose();
      await traced.receiver?.close();
    });
    return traced;
  }

  describe('with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
    const traced = exportingBackend({ MODEL_PRICES: PRICES });

    it("exports the turn as the caller's trace: route, SQL, the model call with tokens, first token and cost, and its HTTP call", async () => {
      const caller = callerTraceparent();
      fake.requests.length = 0;
      await chatTurn(traced.install, 'trazas@example.com', caller.header);

      const inTrace = (spans: ReceivedSpan[]) => spans.filter((span) => span.traceId === caller.traceId);
      const spans = inTrace(
        await traced.receiver.waitFor((all) => {
          const mine = inTrace(all);
          return mine.some((span) => span.name.startsWith('chat ')) && mine.some((span) => span.kind === 2 && span.parentSpanId === caller.spanId);
        }),
      );

      // The route: a server span, child of the caller's span, named by its route.
      const server = spans.find((span) => span.kind === 2)!;
      expect(server).toMatchObject({
        name: 'POST /api/bedrock/agents/chat',
        parentSpanId: caller.spanId,
        service: 'nova-agents',
        attributes: expect.objectContaining({ 'http.request.method': 'POST', 'http.route': '/api/bedrock/agents/chat' }),
      });
      // No span for each Express middleware or route layer the request passed through.
      expect(spans.filter((span) => span.attributes['express.type'] !== undefined)).toEqual([]);
      // Each SQL statement, with its text and duration.
      const sql = spans.filter((span) => span.attributes['db.system'] === SQL_SYSTEM || span.attributes['db.system.name'] === SQL_SYSTEM);
      const statements = sql.map((span) => String(span.attributes['db.query.text'] ?? span.attributes['db.statement']));
      expect(statements).toContainEqual(expect.stringMatching(/^INSERT INTO ("\w+"\.)?"messages"/));
      expect(sql.every((span) => span.durationMs >= 0)).toBe(true);
      // The model call: provider, model, tokens in and out, time to first token, cost from MODEL_PRICES.
      const model = spans.find((span) => span.name === 'chat fake-model')!;
      expect(model.attributes).toEqual(
        expect.objectContaining({
          'gen_ai.operation.name': 'chat',
          'gen_ai.provider.name': 'openai-compatible',
          'gen_ai.request.model': 'fake-model',
          'gen_ai.usage.input_tokens': 120,
          'gen_ai.usage.output_tokens': 30,
          // (120 × 3 + 30 × 15) / 1e6 dollars, in cents.
          'nova.model.cost_cents': 0.081,
        }),
      );
      const firstToken = model.attributes['nova.model.time_to_first_token_ms'] as number;
      expect(firstToken).toBeGreaterThan(0);
      expect(firstToken).toBeLessThanOrEqual(model.durationMs);
      // The call to the model's server is the model span's child, and the server got the trace.
      const outgoing = spans.find((span) => span.kind === 3 && span.parentSpanId === model.spanId)!;
      expect(outgoing).toBeDefined();
      const sent = fake.requests.find((call) => call.path.endsWith('/chat/completions'))!;
      expect(sent.headers.traceparent).toMatch(new RegExp(`^00-${caller.traceId}-${outgoing.spanId}-01$`));

      // The health probes (polled while the backend started) begin no trace: no route span, and none of Nest's.
      const probeUrl = (span: ReceivedSpan) => String(span.attributes['url.path'] ?? span.attributes['url.full']);
      expect(traced.receiver.spans.filter((span) => probeUrl(span).startsWith('/api/health') || span.name.startsWith('HealthController'))).toEqual([]);
      expect(server.attributes['url.path']).toBe('/api/bedrock/agents/chat');

      // Every log line of the turn carries the trace id (the request line included).
      const [requestLine] = await requestLines(traced.backend, '/api/bedrock/agents/chat', 1);
      expect(requestLine).toEqual(expect.objectContaining({ traceId: caller.traceId, spanId: expect.stringMatching(/^[0-9a-f]{16}$/) }));
    });

    it('traces a turn no caller traced as a trace of its own (the default sampler keeps a quiet server whole)', async () => {
      fake.requests.length = 0;
      await chatTurn(traced.install, 'trazas-propias@example.com');
      const sent = fake.requests.find((call) => call.path.endsWith('/chat/completions'))!;
      const [, traceId] = /^00-([0-9a-f]{32})-[0-9a-f]{16}-01$/.exec(String(sent.headers.traceparent)) ?? [];
      expect(traceId).toBeDefined();
      const spans = (await traced.receiver.waitFor((all) => all.some((span) => span.traceId === traceId && span.kind === 2 && span.name === 'POST /api/bedrock/agents/chat'))).filter(
        (span) => span.traceId === traceId,
      );
      // One trace from the route down: a root server span, the SQL, the model call.
      expect(spans.filter((span) => span.kind === 2 && span.parentSpanId === '')).toHaveLength(1);
      expect(spans.some((span) => span.attributes['db.system'] === SQL_SYSTEM || span.attributes['db.system.name'] === SQL_SYSTEM)).toBe(true);
      expect(spans.some((span) => span.name === 'chat fake-model')).toBe(true);
    });
  });

  describe('with its default sampler on a busy server (OTEL_TRACES_SAMPLER=parentbased_ratelimiting, 1 a second in bursts of 10)', () => {
    const traced = exportingBackend({ OTEL_TRACES_SAMPLER: 'parentbased_ratelimiting', OTEL_TRACES_SAMPLER_ARG: '1' });

    it("begins at most that many traces a second of its own, and still records every one a caller's traceparent samples", async () => {
      // Start-up was a trace of its own (Nest's "Create Nest App"): a second on, the bucket is full again.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const started = Date.now();
      const listings = await Promise.all(Array.from({ length: 25 }, () => fetch(`${traced.install.url}/api/agents`)));
      expect(listings.map((response) => response.status)).toEqual(Array(25).fill(200));
      const seconds = (Date.now() - started) / 1000;
      const caller = callerTraceparent();
      expect((await fetch(`${traced.install.url}/api/agents`, { headers: { traceparent: caller.header } })).status).toBe(200);

      await traced.receiver.waitFor((spans) => spans.some((span) => span.kind === 2 && span.traceId === caller.traceId));
      const ownTraces = new Set(traced.receiver.spans.filter((span) => span.kind === 2 && span.traceId !== caller.traceId).map((span) => span.traceId));
      // A burst of ten, then one a second.
      expect(ownTraces.size).toBeGreaterThanOrEqual(10);
      expect(ownTraces.size).toBeLessThanOrEqual(10 + Math.ceil(seconds));
      // What was left out logs no trace id; what was kept logs its own.
      const listingLines = await requestLines(traced.backend, '/api/agents', 26);
      expect(new Set(listingLines.map((line) => line.traceId).filter(Boolean))).toEqual(new Set([...ownTraces, caller.traceId]));
    });
  });

  describe('with head sampling that begins no trace of its own (OTEL_TRACES_SAMPLER=parentbased_always_off)', () => {
    const traced = exportingBackend({ OTEL_TRACES_SAMPLER: 'parentbased_always_off' });

    /** The traceparent the model's server got in `turn`. */
    async function traceparentSent(turn: () => Promise<void>): Promise<string | undefined> {
      fake.requests.length = 0;
      await turn();
      return fake.requests.find((call) => call.path.endsWith('/chat/completions'))!.headers.traceparent as string | undefined;
    }

    it("records only the turns of a caller's sampled trace, and passes an unsampled caller's trace on as unsampled", async () => {
      const untraced = await traceparentSent(() => chatTurn(traced.install, 'sin-muestra@example.com'));
      const unsampledCaller = callerTraceparent({ sampled: false });
      const unsampled = await traceparentSent(() => chatTurn(traced.install, 'muestra-no@example.com', unsampledCaller.header));
      const sampledCaller = callerTraceparent();
      const sampled = await traceparentSent(() => chatTurn(traced.install, 'muestra-si@example.com', sampledCaller.header));

      // The turn no caller traced begins no trace here: nothing is passed on.
      expect(untraced).toBeUndefined();
      // The caller's unsampled trace goes on to the model, still unsampled; the sampled one, sampled.
      expect(unsampled).toMatch(new RegExp(`^00-${unsampledCaller.traceId}-[0-9a-f]{16}-00$`));
      expect(sampled).toMatch(new RegExp(`^00-${sampledCaller.traceId}-[0-9a-f]{16}-01$`));

      // Exports go out in order: once the sampled turn's route span is in, the others would be too.
      await traced.receiver.waitFor((spans) => spans.some((span) => span.kind === 2 && span.traceId === sampledCaller.traceId));
      expect(traced.receiver.spans.length).toBeGreaterThan(3);
      expect(traced.receiver.spans.filter((span) => span.traceId !== sampledCaller.traceId)).toEqual([]);

      const chatLines = await requestLines(traced.backend, '/api/bedrock/agents/chat', 3);
      expect(chatLines.map((line) => line.traceId)).toEqual([undefined, unsampledCaller.traceId, sampledCaller.traceId]);
      // Nor does any other line carry the all-zero ids of the spans the SDK hands out where nothing is traced.
      expect(traced.backend.logLines<LogLine>().filter((line) => line.traceId !== undefined && /^0+$/.test(line.traceId))).toEqual([]);
    });
  });

  it('does not start with a sampling rate that is not a number, and says which variable is wrong', async () => {
    const install = await createBackendInstall({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', OTEL_TRACES_SAMPLER: 'parentbased_ratelimiting', OTEL_TRACES_SAMPLER_ARG: 'muchas' });
    try {
      const failure = await install.start().then(() => null, (error: Error) => error.message);
      expect(failure).toContain('El backend terminó al arrancar');
      expect(failure).toContain('Configuración no válida:\n  OTEL_TRACES_SAMPLER_ARG: debe ser un número de trazas por segundo');
      // The message alone, as for any other variable: no stack trace.
      expect(failure).not.toMatch(/^\s+at /m);
    } finally {
      await install.dispose();
    }
  });

  describe('without it', () => {
    let install: BackendInstall;
    let backend: BackendProcess;

    beforeAll(async () => {
      install = await createBackendInstall({ ...openAiFakeEnv(fake), LOG_LEVEL: 'info' });
      backend = await install.start();
    });

    afterAll(async () => {
      await install?.dispose();
    });

    it('starts no SDK: nothing is passed on to the model and the log lines carry no trace', async () => {
      fake.requests.length = 0;
      await chatTurn(install, 'sin-trazas@example.com', callerTraceparent().header);
      const sent = fake.requests.find((call) => call.path.endsWith('/chat/completions'))!;
      expect(sent.headers.traceparent).toBeUndefined();
      const lines = backend.logLines<LogLine>();
      expect(lines.some((line) => line.context === 'HTTP')).toBe(true);
      expect(lines.filter((line) => line.traceId !== undefined)).toEqual([]);
    });
  });
});
