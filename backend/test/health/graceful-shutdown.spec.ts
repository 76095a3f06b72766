import { type OpenAiFake, openAiFakeEnv, startOpenAiFake } from '../fakes';
import { type BackendInstall, type BackendProcess, createBackendInstall } from '../support/backend-process';
import { type SignedInUser, signUpAndSignIn } from '../support/identity-client';

/**
 * Issue 35, point 4: the real backend, as its own process, gets SIGTERM while a chat reply is
 * streaming to one client and another client waits for a (non-streamed) reply. Readiness goes 503
 * while the instance still answers, the streaming client gets a last `error` event it can show,
 * a new stream is refused with 503, the waiting client gets its whole reply, and the process ends. Runs on SQLite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
jest.setTimeout(120_000);

const RESTARTING = 'El servidor se está reiniciando. Vuelve a intentarlo en unos segundos.';
/** A reply far longer than the test: only the shutdown ends it. */
const ENDLESS = Array.from({ length: 5000 }, (_, index) => `parte ${index} `);
/** About 2 s at the fake's pace: still in flight when SIGTERM arrives, finished before the grace ends. */
const SHORT = Array.from({ length: 40 }, (_, index) => `trozo ${index} `);
const SHORT_QUESTION = 'Contesta en pocas palabras';

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

describe(`graceful shutdown on SIGTERM (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  let fake: OpenAiFake;
  let install: BackendInstall;
  let backend: BackendProcess;
  let user: SignedInUser;

  beforeAll(async () => {
    fake = await startOpenAiFake({
      reply: ENDLESS,
      delayMs: 50,
      replyFor: (body: { messages?: { role: string; content: unknown }[] }) =>
        JSON.stringify(body.messages ?? []).includes(SHORT_QUESTION) ? SHORT : undefined,
    });
    install = await createBackendInstall(openAiFakeEnv(fake));
    backend = await install.start();
    user = await signUpAndSignIn({ server: install.url, config: install.config }, 'cierre@example.com');
  });

  afterAll(async () => {
    await install?.dispose();
    await fake?.close();
  });

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${install.url}/api${path}`, {
      ...init,
      headers: { ...user.authorization, 'Content-Type': 'application/json', ...init.headers },
    });

  async function newConversation(title: string): Promise<string> {
    const response = await api('/conversations', { method: 'POST', body: JSON.stringify({ title }) });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  /** A chat turn as the renderer sends it; the events land in `events` as they arrive. */
  async function streamedTurn(conversationId: string, events: SseEvent[]): Promise<{ broken: boolean }> {
    const response = await api('/bedrock/agents/chat', {
      method: 'POST',
      headers: { Accept: 'text/event-stream' },
      body: JSON.stringify({ conversationId, messageId: 'turno-largo', message: 'Cuéntame una historia muy larga' }),
    });
    if (!response.ok || !response.body) throw new Error(`chat: ${response.status} ${await response.text()}`);
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffered += decoder.decode(chunk, { stream: true });
        const blocks = buffered.split('\n\n');
        buffered = blocks.pop() ?? '';
        for (const block of blocks) {
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
        }
      }
      return { broken: false };
    } catch {
      return { broken: true };
    }
  }

  it('goes not-ready, ends the open stream with an event the chat shows, finishes the request in flight, then exits', async () => {
    const ready = await fetch(`${install.url}/api/health/ready`);
    expect(ready.status).toBe(200);

    const events: SseEvent[] = [];
    const streamed = streamedTurn(await newConversation('Larga'), events);
    while (!events.some((event) => event.event === 'delta')) await sleep(10);

    const shortConversation = await newConversation('Corta');
    const waiting = api('/bedrock/agents/chat', {
      method: 'POST',
      body: JSON.stringify({ conversationId: shortConversation, messageId: 'turno-corto', message: SHORT_QUESTION }),
    });
    // The short turn's model call has begun: it is in flight when the signal arrives.
    while (!fake.requests.some((call) => JSON.stringify(call.body).includes(SHORT_QUESTION))) await sleep(10);

    let exitedAt: number | undefined;
    const exited = backend.stop().then((code) => {
      exitedAt = Date.now();
      return code;
    });

    // Readiness says no while the instance still answers (the request in flight keeps it open).
    let readiness: { status: number; body: Record<string, unknown> } | undefined;
    while (exitedAt === undefined) {
      const response = await fetch(`${install.url}/api/health/ready`).catch(() => undefined);
      if (response) {
        readiness = { status: response.status, body: (await response.json()) as Record<string, unknown> };
        if (response.status === 503) break;
      }
      await sleep(20);
    }
    expect(readiness).toEqual({ status: 503, body: expect.objectContaining({ status: 'error', shuttingDown: true, database: true }) });
    const answeredAt = Date.now();
    // Liveness still says yes: the process is not stuck, only leaving.
    expect((await fetch(`${install.url}/api/health/live`)).status).toBe(200);
    // A new stream is refused rather than opened and cut at once.
    const late = await api('/bedrock/agents/chat', {
      method: 'POST',
      headers: { Accept: 'text/event-stream' },
      body: JSON.stringify({ conversationId: shortConversation, messageId: 'turno-tardio', message: 'Otra pregunta' }),
    });
    expect({ status: late.status, body: await late.json() }).toEqual({
      status: 503,
      body: expect.objectContaining({ message: RESTARTING, statusCode: 503, code: 'ServerRestarting' }),
    });

    // The stream's last event is an error the chat shows, and nothing after it.
    await streamed;
    const last = events[events.length - 1];
    expect(last).toEqual({ event: 'error', data: { message: RESTARTING, statusCode: 503, code: 'ServerRestarting' } });
    expect(events.map((event) => event.event)).not.toContain('done');

    // The request in flight gets its whole reply.
    const shortReply = await waiting;
    expect(shortReply.status).toBe(200);
    expect(((await shortReply.json()) as { message?: string }).message).toBe(SHORT.join(''));

    await exited;
    expect(exitedAt).toBeGreaterThanOrEqual(answeredAt);

    // Both turns were stored before the database closed: the cut one as stopped, the other complete.
    const replies = await install.query<{ conversation_id: string; status: string }>(
      "SELECT conversation_id, status FROM messages WHERE role = 'assistant'",
    );
    expect(replies).toEqual(
      expect.arrayContaining([
        { conversation_id: shortConversation, status: 'complete' },
        expect.objectContaining({ status: 'stopped' }),
      ]),
    );
    expect(replies).toHaveLength(2);
  });
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
