import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { authStateAtom } from '../state/authState';

/**
 * Reads the stored session once at start-up and ends the loading state. No identity provider is
 * wired in yet, so there is never a stored session: visitors stay signed out.
 */
export function useAuthSession(): void {
  const setAuthState = useSetAtom(authStateAtom);
  useEffect(() => {
    setAuthState({ isAuthenticated: false, isLoading: false, user: null });
  }, [setAuthState]);
}
