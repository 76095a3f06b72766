import { QueryObserver } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { authStateAtom } from '../features/auth';
import { appStore, queryClient } from './store';

const signedIn = (userId: string) => ({
  isAuthenticated: true,
  isLoading: false,
  user: { userId, username: userId, email: `${userId}@example.com`, role: 'user' as const },
});

describe('the server-state cache', () => {
  it("is emptied when the session changes hands, never showing one user's data to the next", () => {
    appStore.set(authStateAtom, signedIn('sub-ana'));
    queryClient.setQueryData(['earnings', 'ledger'], { months: ['de Ana'] });

    appStore.set(authStateAtom, { ...signedIn('sub-ana'), isLoading: false });
    expect(queryClient.getQueryData(['earnings', 'ledger'])).toEqual({ months: ['de Ana'] });

    appStore.set(authStateAtom, signedIn('sub-bob'));
    expect(queryClient.getQueryData(['earnings', 'ledger'])).toBeUndefined();

    queryClient.setQueryData(['earnings', 'ledger'], { months: ['de Bob'] });
    appStore.set(authStateAtom, { isAuthenticated: false, isLoading: false, user: null });
    expect(queryClient.getQueryData(['earnings', 'ledger'])).toBeUndefined();
  });

  it('loads again, for the new session, what the screen on show reads, without the previous answer meanwhile', async () => {
    appStore.set(authStateAtom, { isAuthenticated: false, isLoading: true, user: null });
    const answers = ['como visitante', 'como Ana'];
    const queryFn = jest.fn(async () => answers.shift());
    const observer = new QueryObserver(queryClient, { queryKey: ['agents', 'agente-1'], queryFn });
    const seen: unknown[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    await waitFor(() => expect(observer.getCurrentResult().data).toBe('como visitante'));

    seen.length = 0;
    appStore.set(authStateAtom, signedIn('sub-ana'));
    await waitFor(() => expect(observer.getCurrentResult().data).toBe('como Ana'));
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(seen).not.toContain('como visitante');
    unsubscribe();
  });
});
