export { authStateAtom, initialAuthState } from './state/authState';
export type { AuthState, AuthUser, UserRole } from './state/authState';
export { useAuthSession } from './hooks/useAuthSession';
