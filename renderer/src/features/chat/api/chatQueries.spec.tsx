import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { mockApi, type ApiMock } from '../../../../test/api-mock';
import { createQueryClient } from '../../../shared/api';
import { chatKeys, saveMessage, useRenameConversation, useSubscriptionLookup, type Conversation } from './chatQueries';

function withQueries() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, wrapper };
}

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

describe('the chat queries', () => {
  it('look up the subscription covering an agent under /stripe-user-subscriptions/subscriptions/user/{user}/{agent}, encoded', async () => {
    api.on('GET', '/stripe-user-subscriptions/subscriptions/user/ana%40example.com/agente%20legal', { body: { success: false, data: null } });
    const { wrapper } = withQueries();
    const { result } = renderHook(() => useSubscriptionLookup('ana@example.com', 'agente legal'), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ success: false, data: null }));
    expect(api.calls[0]!.url.pathname).toBe('/api/stripe-user-subscriptions/subscriptions/user/ana%40example.com/agente%20legal');
  });

  it('rename with PUT { title }, encode ids in paths, and put the new title in the list', async () => {
    const old = { id: 'a/b', title: 'Viejo', userId: 'u1', metadata: {}, category: 'main', createdAt: '', updatedAt: '' } satisfies Conversation;
    api.on('PUT', '/conversations/a%2Fb', { body: { ...old, title: 'Nuevo' } });
    api.on('GET', '/conversations', { body: [{ ...old, title: 'Nuevo' }] });
    const { queryClient, wrapper } = withQueries();
    queryClient.setQueryData(chatKeys.list('u1'), [old]);
    const { result } = renderHook(() => useRenameConversation(), { wrapper });
    await result.current.mutateAsync({ id: 'a/b', title: 'Nuevo' });
    expect(api.calls[0]!.body).toEqual({ title: 'Nuevo' });
    expect(queryClient.getQueryData<Conversation[]>(chatKeys.list('u1'))![0]!.title).toBe('Nuevo');
    // And the list is marked to be read again.
    expect(queryClient.getQueryState(chatKeys.list('u1'))!.isInvalidated).toBe(true);
  });
});
