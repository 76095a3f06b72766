import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { mockApi } from '../../../../test/api-mock';
import { createQueryClient } from '../../../shared/api';
import { chatKeys } from '../api/chatQueries';
import { chatOwnerAtom, conversationSearchAtom, type ChatOwner } from '../state/chatAtoms';
import { useConversationsSync } from './useConversationsSync';

const summary = { id: 'c1', title: 'Hola', userId: 'sub-ana', metadata: {}, category: 'main', createdAt: '', updatedAt: '' };

function setup(initial: ChatOwner) {
  const store = createStore();
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <Provider store={store}>{children}</Provider>
    </QueryClientProvider>
  );
  const hook = renderHook(({ owner }: { owner: ChatOwner }) => useConversationsSync(owner), {
    wrapper,
    initialProps: { owner: initial },
  });
  return { store, queryClient, ...hook };
}

describe('useConversationsSync', () => {
  it("loads the signed-in user's conversations, and forgets them on sign-out", async () => {
    const api = mockApi().on('GET', '/conversations', { body: [summary] });
    const { store, queryClient, rerender } = setup({ status: 'user', userId: 'sub-ana' });

    await waitFor(() => expect(queryClient.getQueryData(chatKeys.list('sub-ana'))).toEqual([summary]));
    expect(store.get(chatOwnerAtom)).toEqual({ status: 'user', userId: 'sub-ana' });
    expect(api.callsTo('GET', '/conversations')).toHaveLength(1);
    act(() => store.set(conversationSearchAtom, 'Hola'));

    rerender({ owner: { status: 'visitor' } });
    await waitFor(() => expect(queryClient.getQueryData(chatKeys.list('sub-ana'))).toBeUndefined());
    expect(store.get(conversationSearchAtom)).toBe('');
  });

  it('reports an error and loads again when asked', async () => {
    const api = mockApi().on('GET', '/conversations', { status: 500, body: { message: 'caído' } });
    const { queryClient } = setup({ status: 'user', userId: 'sub-ana' });
    await waitFor(() => expect(queryClient.getQueryState(chatKeys.list('sub-ana'))?.status).toBe('error'));
    expect(queryClient.getQueryState(chatKeys.list('sub-ana'))?.error).toMatchObject({ message: 'caído' });

    api.on('GET', '/conversations', { body: [summary] });
    await act(() => queryClient.refetchQueries({ queryKey: chatKeys.list('sub-ana') }));
    expect(queryClient.getQueryData(chatKeys.list('sub-ana'))).toEqual([summary]);
  });

  it('does nothing while the session is still loading', () => {
    const api = mockApi();
    setup({ status: 'loading' });
    expect(api.calls).toHaveLength(0);
  });
});
