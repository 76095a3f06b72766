import { act, renderHook, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { mockApi } from '../../../../test/api-mock';
import {
  chatOwnerAtom,
  conversationsAtom,
  conversationsReloadAtom,
  conversationsStatusAtom,
  type ChatOwner,
} from '../state/chatAtoms';
import { useConversationsSync } from './useConversationsSync';

const summary = { id: 'c1', title: 'Hola', userId: 'sub-ana', metadata: {}, category: 'main', createdAt: '', updatedAt: '' };

function setup(initial: ChatOwner) {
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const hook = renderHook(({ owner }: { owner: ChatOwner }) => useConversationsSync(owner), {
    wrapper,
    initialProps: { owner: initial },
  });
  return { store, ...hook };
}

describe('useConversationsSync', () => {
  it("loads the signed-in user's conversations, and empties them on sign-out", async () => {
    const api = mockApi().on('GET', '/conversations', { body: [summary] });
    const { store, rerender } = setup({ status: 'user', userId: 'sub-ana' });

    await waitFor(() => expect(store.get(conversationsStatusAtom)).toBe('ready'));
    expect(store.get(conversationsAtom)).toEqual([summary]);
    expect(store.get(chatOwnerAtom)).toEqual({ status: 'user', userId: 'sub-ana' });
    expect(api.callsTo('GET', '/conversations')).toHaveLength(1);

    rerender({ owner: { status: 'visitor' } });
    await waitFor(() => expect(store.get(conversationsAtom)).toEqual([]));
    expect(store.get(conversationsStatusAtom)).toBe('idle');
  });

  it('reports an error and loads again when asked', async () => {
    const api = mockApi().on('GET', '/conversations', { status: 500, body: { message: 'caído' } });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { store } = setup({ status: 'user', userId: 'sub-ana' });
    await waitFor(() => expect(store.get(conversationsStatusAtom)).toBe('error'));

    api.on('GET', '/conversations', { body: [summary] });
    act(() => store.set(conversationsReloadAtom, (value) => value + 1));
    await waitFor(() => expect(store.get(conversationsStatusAtom)).toBe('ready'));
    expect(store.get(conversationsAtom)).toEqual([summary]);
    warn.mockRestore();
  });

  it('does nothing while the session is still loading', () => {
    const api = mockApi();
    setup({ status: 'loading' });
    expect(api.calls).toHaveLength(0);
  });
});
