import { atom } from 'jotai';

export type UserRole = 'admin' | 'user';

export interface AuthUser {
  userId: string;
  username: string;
  email: string;
  role: UserRole;
  contactName?: string;
}

export interface AuthState {
  isAuthenticated: boolean;
  isLoading: boolean;
  user: AuthUser | null;
}

/** Spec section 4: not authenticated, loading, no user, until the session has been read. */
export const initialAuthState: AuthState = { isAuthenticated: false, isLoading: true, user: null };

export const authStateAtom = atom<AuthState>(initialAuthState);
