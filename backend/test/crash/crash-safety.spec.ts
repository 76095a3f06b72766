import { type OpenAiFake, openAiFakeEnv, startOpenAiFake } from '../fakes';
import { type BackendInstall, type BackendProcess, createBackendInstall } from '../support/backend-process';
import { type SignedInUser, signUpAndSignIn } from '../support/identity-client';

/**
 * Issue 11, point 4: the real backend, as its own process, is killed with SIGKILL while
 * concurrent clients save messages the way the renderer does (spec section 7: POST
 * /conversations/{id}/messages retried up to 3 times, 500 ms doubling, always the same message
 * id) and while a chat reply is streaming; it is started again on the same database and the
 * clients finish. Runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
jest.setTimeout(180_000);

const USERS = 5;
const CONVERSATIONS_PER_USER = 2;
const CLIENTS = 40;
const MESSAGES_PER_CLIENT = 60;
const TOTAL_SAVES = CLIENTS * MESSAGES_PER_CLIENT;
/** Killed once this many saves were acknowledged: about a third of them. */
const KILL_AFTER_ACKNOWLEDGED = Math.round(TOTAL_SAVES / 3);

/** The renderer's policy (renderer/src/shared/config/constants.ts, shared/api/withRetry.ts). */
const SAVE_ATTEMPTS = 3;
const SAVE_INITIAL_DELAY_MS = 500;
/** The renderer's time-out for conversation calls (features/chat/api/chatApi.ts). */
const SAVE_TIMEOUT_MS = 15_000;

/** A reply that takes far longer to stream than the run takes to reach the kill. */
const SLOW_REPLY = { reply: Array.from({ length: 6000 }, (_, index) => `parte ${index} `), delayMs: 50 };
const QUICK_REPLY = ['Respuesta ', 'tras ', 'el ', 'reinicio.'];

/** Messages per page when reading a conversation back (the API's largest page). */
const PAGE = 200;

const STATUSES = new Set(['complete', 'stopped', 'failed']);

interface Save {
  conversationId: string;
  user: SignedInUser;
  id: string;
  role: 'user' | 'assistant';
  content: string;
}

/** What the clients saw: every answer that is not a 201 is a finding, except while the backend is down. */
interface Tally {
  attempts: number;
  acknowledged: Set<string>;
  /** Ids sent at least once, acknowledged or not. */
  sent: Set<string>;
  /** Messages whose 3 tries all failed, sent again (same id) once the backend was back. */
  resentAfterGivingUp: number;
  /** Answers other than 201 or a failed connection: status and body. */
  unexpected: string[];
}

/** Whether the backend is up, as the clients wait for it after giving up on a message. */
class Availability {
  private upAgain: Promise<void> = Promise.resolve();
  private markUp: () => void = () => undefined;

  down(): void {
    this.upAgain = new Promise((resolve) => (this.markUp = resolve));
  }

  up(): void {
    this.markUp();
  }

  whenUp(): Promise<void> {
    return this.upAgain;
  }
}

type SaveOutcome = 'acknowledged' | 'no-answer' | 'refused';

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`crash safety: SIGKILL during message saves and a streaming reply (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  let fake: OpenAiFake;
  let install: BackendInstall;
  let backend: BackendProcess | undefined;
  /** Ends the clients' loops when the test is over, passed or failed. */
  const testOver = new AbortController();

  beforeAll(async () => {
    fake = await startOpenAiFake(SLOW_REPLY);
    // The per-user limits would answer most of these saves 429: this is about crashes, not abuse.
    install = await createBackendInstall(
      openAiFakeEnv(fake, { RATE_LIMIT_MESSAGES_PER_MINUTE: '1000000', RATE_LIMIT_MODEL_CALLS_PER_MINUTE: '1000000' }),
    );
  });

  afterAll(async () => {
    await install?.dispose();
    await fake?.close();
  });

  const api = (user: SignedInUser, path: string, init: RequestInit = {}) =>
    fetch(`${install.url}/api${path}`, {
      ...init,
      headers: { ...user.authorization, 'Content-Type': 'application/json', ...init.headers },
    });

  /** One try: acknowledged, no answer at all (the backend is down), or refused (a finding). */
  async function saveOnce(save: Save, tally: Tally): Promise<SaveOutcome> {
    tally.attempts += 1;
    tally.sent.add(save.id);
    let response: Response;
    let body: string;
    try {
      response = await api(save.user, `/conversations/${save.conversationId}/messages`, {
        method: 'POST',
        body: JSON.stringify({ id: save.id, role: save.role, content: save.content }),
        signal: AbortSignal.timeout(SAVE_TIMEOUT_MS),
      });
      body = await response.text();
    } catch {
      // Connection refused while down, or the connection died with the process.
      return 'no-answer';
    }
    if (response.status === 201) {
      const message = JSON.parse(body) as { id: string; role: string; content: string };
      if (message.id !== save.id || message.role !== save.role || message.content !== save.content) {
        tally.unexpected.push(`201 con otro mensaje para ${save.id}: ${body.slice(0, 300)}`);
      }
      tally.acknowledged.add(save.id);
      return 'acknowledged';
    }
    tally.unexpected.push(`${response.status} para ${save.id}: ${body.slice(0, 300)}`);
    return 'refused';
  }

  /**
   * The renderer's withRetry around the save: 3 tries, waiting 500 then 1000 ms. It retries a 429
   * or 5xx too, but any of those is already a finding here.
   */
  async function saveWithRetry(save: Save, tally: Tally): Promise<SaveOutcome> {
    let delayMs = SAVE_INITIAL_DELAY_MS;
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await saveOnce(save, tally);
      if (outcome === 'acknowledged' || outcome === 'refused' || attempt >= SAVE_ATTEMPTS) return outcome;
      await sleep(delayMs);
      delayMs *= 2;
    }
  }

  /** One chat window: its messages one after another, each sent again once the backend is back if all tries failed. */
  async function runClient(saves: Save[], tally: Tally, availability: Availability): Promise<void> {
    for (const save of saves) {
      if (testOver.signal.aborted) return;
      while ((await saveWithRetry(save, tally)) === 'no-answer' && !testOver.signal.aborted) {
        tally.resentAfterGivingUp += 1;
        await availability.whenUp();
      }
    }
  }

  /**
   * A chat turn as the renderer sends it (Accept: text/event-stream); resolves when the stream ends
   * or breaks. The events land in `events` as they arrive.
   */
  async function chatTurn(user: SignedInUser, conversationId: string, messageId: string, message: string, events: SseEvent[] = []) {
    const response = await api(user, '/bedrock/agents/chat', {
      method: 'POST',
      headers: { Accept: 'text/event-stream' },
      body: JSON.stringify({ conversationId, messageId, message }),
    });
    if (!response.ok || !response.body) throw new Error(`chat: ${response.status} ${await response.text()}`);
    const decoder = new TextDecoder();
    let buffered = '';
    let broken = false;
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
    } catch {
      // The connection died with the backend.
      broken = true;
    }
    return { events, broken };
  }

  /**
   * A conversation as the renderer reads it: the conversation with its newest messages, then the
   * older pages back to the first; each message checked against what MessageItem renders.
   */
  async function readAsTheRendererDoes(user: SignedInUser, conversationId: string) {
    const response = await api(user, `/conversations/${conversationId}`);
    expect(response.status).toBe(200);
    const conversation = (await response.json()) as { id: string; title: string; messages: Record<string, unknown>[] };
    expect(conversation.id).toBe(conversationId);
    expect(typeof conversation.title).toBe('string');
    let messages = conversation.messages;
    while (messages.length > 0) {
      const before = encodeURIComponent(String(messages[0].id));
      const page = await api(user, `/conversations/${conversationId}/messages?limit=${PAGE}&before=${before}`);
      expect(page.status).toBe(200);
      const known = new Set(messages.map((message) => message.id));
      const older = ((await page.json()) as Record<string, unknown>[]).filter((message) => !known.has(message.id));
      if (older.length === 0) break;
      messages = [...older, ...messages];
    }
    for (const message of messages) {
      const problems = [
        typeof message.id === 'string' && message.id !== '' ? null : 'id',
        message.role === 'user' || message.role === 'assistant' ? null : 'role',
        typeof message.content === 'string' && message.content !== '' ? null : 'content',
        typeof message.timestamp === 'string' && !Number.isNaN(Date.parse(message.timestamp)) ? null : 'timestamp',
        typeof message.status === 'string' && STATUSES.has(message.status) ? null : 'status',
        message.metadata === null || typeof message.metadata === 'object' ? null : 'metadata',
      ].filter((problem) => problem !== null);
      expect({ id: message.id, problems }).toEqual({ id: message.id, problems: [] });
    }
    const timestamps = messages.map((message) => Date.parse(message.timestamp as string));
    expect(timestamps).toEqual([...timestamps].sort((a, b) => a - b));
    return { conversation, messages };
  }

  it('stores every acknowledged message exactly once, duplicates none, and leaves every conversation readable', async () => {
    backend = await install.start();
    const identity = { server: install.url, config: install.config };
    const users: SignedInUser[] = [];
    for (let index = 0; index < USERS; index += 1) users.push(await signUpAndSignIn(identity, `crash${index}@example.com`));

    const conversations: { id: string; user: SignedInUser }[] = [];
    for (const user of users) {
      for (let index = 0; index < CONVERSATIONS_PER_USER; index += 1) {
        const response = await api(user, '/conversations', { method: 'POST', body: JSON.stringify({ title: `Choque ${index}` }) });
        expect(response.status).toBe(201);
        conversations.push({ id: ((await response.json()) as { id: string }).id, user });
      }
    }

    const run = Math.random().toString(36).slice(2, 8);
    const clients: Save[][] = Array.from({ length: CLIENTS }, (_, client) => {
      const { id: conversationId, user } = conversations[client % conversations.length];
      return Array.from({ length: MESSAGES_PER_CLIENT }, (_, index) => ({
        conversationId,
        user,
        id: `crash-${run}-c${client}-m${index}`,
        role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
        content: `Mensaje ${index} del cliente ${client}: ¿seguirá aquí tras el reinicio? ñ 🚀`,
      }));
    });
    const tally: Tally = { attempts: 0, acknowledged: new Set(), sent: new Set(), resentAfterGivingUp: 0, unexpected: [] };
    const availability = new Availability();

    // A chat turn streaming its reply when the backend dies, in a conversation that also gets saves.
    const chatConversation = conversations[0];
    const question = { id: `crash-${run}-question`, text: '¿Qué pasa si el servidor se cae ahora?' };
    const cutEvents: SseEvent[] = [];
    let cutEnded = false;
    const cutTurn = chatTurn(chatConversation.user, chatConversation.id, question.id, question.text, cutEvents).finally(
      () => (cutEnded = true),
    );

    const started = Date.now();
    const clientsDone = Promise.all(clients.map((saves) => runClient(saves, tally, availability)));

    // The kill: a third of the saves acknowledged and the reply mid-stream.
    while (tally.acknowledged.size < KILL_AFTER_ACKNOWLEDGED || !cutEvents.some((event) => event.event === 'delta')) {
      expect(tally.unexpected).toEqual([]);
      expect({ replyEndedBeforeTheKill: cutEnded }).toEqual({ replyEndedBeforeTheKill: false });
      await sleep(5);
    }
    availability.down();
    const killedAt = Date.now();
    await backend.kill();
    const deltasBeforeKill = cutEvents.filter((event) => event.event === 'delta').length;
    const acknowledgedBeforeKill = tally.acknowledged.size;
    const inFlightAtKill = [...tally.sent].filter((id) => !tally.acknowledged.has(id));
    // What the dead backend left: saves it stored but never answered, and the cut turn's question.
    const leftAtKill = new Set((await install.query<{ id: string }>('SELECT id FROM messages')).map((row) => row.id));
    fake.set({ reply: QUICK_REPLY, delayMs: 0 });
    backend = await install.start();
    const downtimeMs = Date.now() - killedAt;
    availability.up();

    const cut = await cutTurn;
    expect(cut.broken).toBe(true);
    expect(cut.events.map((event) => event.event)).not.toContain('done');

    // What the UI shows of the cut turn right after the restart: the question at most once, no reply
    // (so no empty or half one); every message of the conversation one the renderer can show.
    const afterCrash = await readAsTheRendererDoes(chatConversation.user, chatConversation.id);
    expect(afterCrash.messages.filter((message) => message.id === question.id)).toEqual(
      leftAtKill.has(question.id) ? [expect.objectContaining({ role: 'user', content: question.text })] : [],
    );
    expect(afterCrash.messages.filter((message) => message.role === 'assistant' && !String(message.id).startsWith('crash-'))).toEqual([]);

    await clientsDone;
    const finishedMs = Date.now() - started;
    expect(tally.unexpected).toEqual([]);
    expect(tally.acknowledged.size).toBe(TOTAL_SAVES);

    // The user resends the cut turn (the renderer's 'Reenviar', same id): one question, one whole reply after it.
    const resent = await chatTurn(chatConversation.user, chatConversation.id, question.id, question.text);
    expect(resent.broken).toBe(false);
    const done = resent.events.find((event) => event.event === 'done');
    expect(done?.data).toMatchObject({ message: QUICK_REPLY.join(''), metadata: { status: 'complete', userMessageId: question.id } });
    const chatMessages = (await readAsTheRendererDoes(chatConversation.user, chatConversation.id)).messages;
    const questionAt = chatMessages.findIndex((message) => message.id === question.id);
    expect(chatMessages.filter((message) => message.id === question.id)).toHaveLength(1);
    expect(chatMessages.filter((message) => message.role === 'assistant' && !String(message.id).startsWith('crash-'))).toEqual([
      expect.objectContaining({ id: done?.data.messageId, content: QUICK_REPLY.join(''), status: 'complete' }),
    ]);
    expect(chatMessages.findIndex((message) => message.id === done?.data.messageId)).toBeGreaterThan(questionAt);

    // Every conversation reads back whole through the API, as the renderer would show it.
    const readBack = new Map<string, string[]>();
    for (const { id, user } of conversations) {
      readBack.set(id, (await readAsTheRendererDoes(user, id)).messages.map((message) => String(message.id)).sort());
    }
    for (const user of users) expect((await api(user, '/conversations')).status).toBe(200);
    await backend.stop();

    // Stored, as the database has it: every id once, in its conversation, as it was sent.
    const rows = await install.query<{ conversation_id: string; id: string; role: string; content: string }>(
      'SELECT conversation_id, id, role, content FROM messages',
    );
    const copies = new Map<string, typeof rows>();
    for (const row of rows) copies.set(row.id, [...(copies.get(row.id) ?? []), row]);
    expect([...copies].filter(([, same]) => same.length > 1).map(([id]) => id)).toEqual([]);
    const allSaves = clients.flat();
    const missingOrAltered = allSaves.filter((save) => {
      const [row] = copies.get(save.id) ?? [];
      return !row || row.conversation_id !== save.conversationId || row.role !== save.role || row.content !== save.content;
    });
    expect(missingOrAltered.map((save) => save.id)).toEqual([]);
    for (const { id } of conversations) {
      expect(readBack.get(id)).toEqual(rows.filter((row) => row.conversation_id === id).map((row) => row.id).sort());
    }

    const stored = allSaves.filter((save) => copies.has(save.id)).length;
    console.log(
      `[crash-safety] ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}: ${tally.sent.size} saves sent, ` +
        `${tally.acknowledged.size} acknowledged, ${stored} stored, none twice. SIGKILL after ${acknowledgedBeforeKill} ` +
        `acknowledged, with ${inFlightAtKill.length} in flight (${inFlightAtKill.filter((id) => leftAtKill.has(id)).length} ` +
        `of them stored, unanswered) and a reply ${deltasBeforeKill} chunks into its stream (question ` +
        `${leftAtKill.has(question.id) ? 'stored' : 'not stored'}); back up in ${downtimeMs} ms; ${tally.attempts} tries, ` +
        `${tally.resentAfterGivingUp} saves sent again after 3 failed tries; all saves done in ${finishedMs} ms.`,
    );
  });

  afterEach(async () => {
    testOver.abort();
    if (backend) await backend.kill();
  });
});
