import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { fakeSseStream } from '../../../../test/sse';
import { chatApi } from './chatApi';

let api: ApiMock;
beforeEach(() => {
  api = mockApi();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('chatApi', () => {
  it('saves a message with up to 3 attempts, 500 ms doubling (spec section 7)', async () => {
    jest.useFakeTimers();
    let attempts = 0;
    api.on('POST', '/conversations/c1/messages', () => {
      attempts += 1;
      return attempts < 3 ? { status: 503 } : { status: 201, body: { id: 'msg-1' } };
    });

    const result = chatApi.saveMessage('c1', { id: 'msg-1', role: 'user', content: 'Hola' });
    await jest.advanceTimersByTimeAsync(0);
    expect(attempts).toBe(1);
    await jest.advanceTimersByTimeAsync(500);
    expect(attempts).toBe(2);
    await jest.advanceTimersByTimeAsync(999);
    expect(attempts).toBe(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(attempts).toBe(3);
    await expect(result).resolves.toEqual({ id: 'msg-1' });
    expect(api.callsTo('POST', '/conversations/c1/messages')[0]!.body).toEqual({ id: 'msg-1', role: 'user', content: 'Hola' });
  });

  it('looks up the subscription covering an agent under /stripe-user-subscriptions/subscriptions/user/{user}/{agent}', async () => {
    api.on('GET', '/stripe-user-subscriptions/subscriptions/user/ana%40example.com/agente%20legal', { body: { success: false, data: null } });
    await expect(chatApi.subscriptionFor('ana@example.com', 'agente legal')).resolves.toEqual({ success: false, data: null });
    expect(api.calls[0]!.url.pathname).toBe('/api/stripe-user-subscriptions/subscriptions/user/ana%40example.com/agente%20legal');
  });

  it('gives up after the third failed attempt', async () => {
    jest.useFakeTimers();
    api.on('POST', '/conversations/c1/messages', { status: 500 });
    const result = chatApi.saveMessage('c1', { id: 'msg-1', role: 'user', content: 'Hola' }).catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(5_000);
    await expect(result).resolves.toMatchObject({ status: 500 });
    expect(api.callsTo('POST', '/conversations/c1/messages')).toHaveLength(3);
  });

  it('sends the chat body with the client message id and streams the events', async () => {
    const stream = fakeSseStream();
    api.on('POST', '/bedrock/agents/chat', { response: () => stream.response });
    stream.send('start', { conversationId: 'c1', messageId: 'r1', userMessageId: 'msg-1' });
    stream.send('delta', { text: 'Hola' });
    stream.end();

    const events = [];
    for await (const event of chatApi.sendMessage({ conversationId: 'c1', message: 'Hola', messageId: 'msg-1', userId: 'sub-ana' })) {
      events.push(event);
    }

    expect(api.callsTo('POST', '/bedrock/agents/chat')[0]!.body).toEqual({
      conversationId: 'c1',
      message: 'Hola',
      messageId: 'msg-1',
      userId: 'sub-ana',
    });
    expect(events).toEqual([
      { type: 'start', conversationId: 'c1', messageId: 'r1', userMessageId: 'msg-1' },
      { type: 'delta', text: 'Hola' },
    ]);
  });

  it('renames with PUT { title } and encodes ids in paths', async () => {
    api.on('PUT', '/conversations/a%2Fb', { body: { id: 'a/b', title: 'Nuevo' } });
    await chatApi.renameConversation('a/b', 'Nuevo');
    expect(api.calls[0]!.body).toEqual({ title: 'Nuevo' });
  });
});
