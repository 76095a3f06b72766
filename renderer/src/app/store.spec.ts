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
});
