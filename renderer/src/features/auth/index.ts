export { authStateAtom, identityStatusAtom, initialAuthState, signedOutState } from './state/authState';
export type { AuthState, AuthUser, IdentityStatus, UserRole } from './state/authState';
export { useAuthBootstrap } from './hooks/useAuthBootstrap';
export { useAuth } from './hooks/useAuth';
export type { AuthActions, SignUpParams, UseAuthResult } from './hooks/useAuth';
export { UserMenu } from './components/UserMenu';
export { TwoStepVerification } from './components/TwoStepVerification';
export { authStrings } from './strings';
