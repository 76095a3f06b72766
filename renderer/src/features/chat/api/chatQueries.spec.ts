import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { saveMessage } from './chatQueries';

let api: ApiMock;
beforeEach(() => {
  api = mockApi();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('saveMessage', () => {
  it('saves a message with up to 3 attempts, 500 ms doubling (spec section 7)', async () => {
    jest.useFakeTimers();
    let attempts = 0;
    api.on('POST', '/conversations/c1/messages', () => {
      attempts += 1;
      return attempts < 3 ? { status: 503 } : { status: 201, body: { id: 'msg-1' } };
    });

    const result = saveMessage('c1', { id: 'msg-1', role: 'user', content: 'Hola' });
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

  it('gives up after the third failed attempt', async () => {
    jest.useFakeTimers();
    api.on('POST', '/conversations/c1/messages', { status: 500 });
    const result = saveMessage('c1', { id: 'msg-1', role: 'user', content: 'Hola' }).catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(5_000);
    await expect(result).resolves.toMatchObject({ status: 500 });
    expect(api.callsTo('POST', '/conversations/c1/messages')).toHaveLength(3);
  });

  it('encodes the conversation id in the path', async () => {
    api.on('POST', '/conversations/a%2Fb/messages', { status: 201, body: { id: 'msg-1' } });
    await saveMessage('a/b', { id: 'msg-1', role: 'user', content: 'Hola' });
    expect(api.calls[0]!.url.pathname).toBe('/api/conversations/a%2Fb/messages');
  });
});
