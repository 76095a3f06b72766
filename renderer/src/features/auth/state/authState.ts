import { atom } from 'jotai';

export type UserRole = 'admin' | 'user';

export interface AuthUser {
  /** The identity token's `sub`. */
  userId: string;
  /** `cognito:username`. */
  username: string;
  email: string;
  role: UserRole;
  /** The `name` attribute given at sign-up (spec: Registration.contactName). */
  contactName?: string;
}

export interface AuthState {
  isAuthenticated: boolean;
  isLoading: boolean;
  user: AuthUser | null;
}

/** Spec section 4: not authenticated, loading, no user, until the session has been read. */
export const initialAuthState: AuthState = { isAuthenticated: false, isLoading: true, user: null };

export const signedOutState: AuthState = { isAuthenticated: false, isLoading: false, user: null };

export const authStateAtom = atom<AuthState>(initialAuthState);

/**
 * `pending` until the runtime configuration says where the identity service is; `unavailable`
 * when it does not say (server unreachable), so the screens can tell the user instead of failing.
 */
export type IdentityStatus = 'pending' | 'ready' | 'unavailable';

export const identityStatusAtom = atom<IdentityStatus>('pending');
