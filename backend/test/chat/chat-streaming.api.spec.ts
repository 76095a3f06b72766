import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { ModelGateway, ModelThrottledError } from '../../src/modules/models/model-gateway';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestAppWith, type TestApp } from '../support/test-app';
import { FakeModelGateway, firstPieceThenWait } from './fake-model-gateway';
import { parseEvents as parseSse, wholeText } from '../support/sse';

const parseEvents = (text: string) => parseSse<Record<string, unknown>>(text);

jest.setTimeout(30_000);

async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('La condición no se cumplió a tiempo');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('chat over server-sent events (Accept: text/event-stream)', () => {
  const gateway = new FakeModelGateway();
  let testApp: TestApp;
  let ana: SignedInUser;
  let port: number;
  const api = () => request(testApp.server);

  beforeAll(async () => {
    testApp = await createTestAppWith([[ModelGateway, gateway]]);
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
    const server = testApp.server as http.Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  beforeEach(() => gateway.reset());
  afterAll(() => testApp.close());

  const newConversation = async (metadata: object = {}) =>
    (await api().post('/api/conversations').set(ana.authorization).send({ metadata }).expect(201)).body.id as string;

  const streamChat = (body: object) =>
    api()
      .post('/api/bedrock/agents/chat')
      .set(ana.authorization)
      .set('Accept', 'text/event-stream')
      .send(body)
      .buffer(true)
      .parse(wholeText);

  const messages = async (conversationId: string) =>
    (await api().get(`/api/conversations/${conversationId}/messages`).set(ana.authorization).expect(200)).body as {
      id: string;
      role: string;
      content: string;
      status: string;
    }[];

  it('streams start, one delta per piece and done, unbuffered, and stores the reply', async () => {
    const conversationId = await newConversation();
    const response = await streamChat({ conversationId, message: 'Hola', messageId: 'sse-1' }).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(response.headers['x-accel-buffering']).toBe('no');
    expect(response.headers['cache-control']).toContain('no-cache');

    const events = parseEvents(response.body as string);
    expect(events.map((event) => event.event)).toEqual(['start', 'delta', 'delta', 'done']);
    const [start, first, second, done] = events;
    expect(start.data).toEqual({ conversationId, messageId: expect.any(String), userMessageId: 'sse-1' });
    expect([first.data, second.data]).toEqual([{ text: 'Respuesta a: ' }, { text: 'Hola' }]);
    expect(done.data).toMatchObject({
      message: 'Respuesta a: Hola',
      completion: 'Respuesta a: Hola',
      messageId: start.data.messageId,
      conversationId,
      usage: { inputTokens: 12, outputTokens: 5 },
      suggestedActions: [],
      suggestedQuestions: [],
    });

    expect(await messages(conversationId)).toEqual([
      expect.objectContaining({ id: 'sse-1', role: 'user', content: 'Hola' }),
      expect.objectContaining({ id: start.data.messageId, role: 'assistant', content: 'Respuesta a: Hola', status: 'complete' }),
    ]);
  });

  it('also streams /bedrock/models/chat', async () => {
    const conversationId = await newConversation();
    const response = await api()
      .post('/api/bedrock/models/chat')
      .set(ana.authorization)
      .set('Accept', 'text/event-stream')
      .send({ conversationId, message: 'Hola' })
      .buffer(true)
      .parse((res, callback) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => callback(null, text));
      })
      .expect(200);
    expect(parseEvents(response.body as string).map((event) => event.event)).toEqual(['start', 'delta', 'delta', 'done']);
  });

  it('sends each piece as it arrives and, when the client leaves, cancels the model call and keeps the partial reply as stopped', async () => {
    gateway.script = firstPieceThenWait;
    const conversationId = await newConversation();

    // The first piece reaches the client while the model is still answering: nothing is buffered.
    const received = await new Promise<string>((resolve, reject) => {
      let text = '';
      const call = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/bedrock/agents/chat',
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', ...ana.authorization },
        },
        (response) => {
          expect(response.statusCode).toBe(200);
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
            if (text.includes('event: delta')) {
              call.destroy();
              resolve(text);
            }
          });
          response.on('error', () => undefined);
        },
      );
      call.on('error', (error) => {
        if (!text.includes('event: delta')) reject(error);
      });
      call.end(JSON.stringify({ conversationId, message: 'Cuéntame una historia larga', messageId: 'larga-1' }));
    });
    expect(parseEvents(received).map((event) => event.event)).toEqual(['start', 'delta']);

    await until(() => gateway.last?.signal?.aborted === true);
    await until(async () => (await messages(conversationId)).length === 2);
    expect(await messages(conversationId)).toEqual([
      expect.objectContaining({ id: 'larga-1', role: 'user', status: 'complete' }),
      expect.objectContaining({ role: 'assistant', content: 'Respuesta a medias', status: 'stopped' }),
    ]);
  });

  it('ends with an error event carrying the Spanish message when the provider fails, keeping the user message', async () => {
    gateway.script = async function* () {
      yield { type: 'delta', text: 'Empiezo' };
      throw new ModelThrottledError();
    };
    const conversationId = await newConversation();
    const response = await streamChat({ conversationId, message: 'Hola', messageId: 'fallo-1' }).expect(200);
    const events = parseEvents(response.body as string);
    expect(events.map((event) => event.event)).toEqual(['start', 'delta', 'error']);
    expect(events[2].data).toEqual({
      message: 'El modelo está recibiendo demasiadas peticiones. Espera un momento y reenvía tu mensaje.',
      statusCode: 429,
    });
    expect(await messages(conversationId)).toEqual([expect.objectContaining({ id: 'fallo-1', role: 'user', content: 'Hola' })]);
  });

  it('streams the no-model notice as a reply (status failed) rather than an error', async () => {
    gateway.configured.clear();
    const conversationId = await newConversation();
    const response = await streamChat({ conversationId, message: 'Hola' }).expect(200);
    const events = parseEvents(response.body as string);
    expect(events.map((event) => event.event)).toEqual(['start', 'delta', 'done']);
    expect(events[1].data.text).toBe('El asistente todavía no está disponible. Vuelve a intentarlo más tarde.');
    expect(events[2].data).toMatchObject({ metadata: { status: 'failed', modelProvider: 'none' } });
    expect((await messages(conversationId))[1]).toMatchObject({ role: 'assistant', status: 'failed' });
  });

  it('answers errors found before the stream opens as plain HTTP errors', async () => {
    const response = await streamChat({ conversationId: '00000000-0000-4000-8000-000000000000', message: 'Hola' }).expect(404);
    expect(JSON.parse(response.body as string)).toMatchObject({ statusCode: 404, message: 'Conversación no encontrada' });
  });
});
