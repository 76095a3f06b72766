import { DEFAULT_SIGNED_IN_PATH } from '../constants';

/** Where the visitor was going, as the route guards remember it (a react-router location). */
export interface FromLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

export type AuthNotice = 'passwordChanged' | 'accountVerified' | 'signUpComplete';

/** History state the auth screens pass to each other. Plain data only: it is structured-cloned. */
export interface AuthLocationState {
  from?: FromLocation;
  /** The username or e-mail to prefill (or, on /verify-email, to confirm). */
  username?: string;
  notice?: AuthNotice;
  /** The e-mail address (masked) the code went to. */
  destination?: string;
  /** /verify-email: the user has just signed up, so Amplify's auto sign-in is armed. */
  fromSignUp?: boolean;
  /** /verify-email: the user came from the sign-in screen and may not have a valid code. */
  sendCode?: boolean;
  /** /forgot-password: the pool requires a reset before the next sign-in. */
  resetRequired?: boolean;
  /** /login: continue the sign-in step handed over in `pendingSignInStepAtom`. */
  continueSignIn?: boolean;
}

export function readAuthLocationState(state: unknown): AuthLocationState {
  return typeof state === 'object' && state !== null ? (state as AuthLocationState) : {};
}

const AUTH_PATHS = ['/login', '/register', '/verify-email', '/forgot-password'];

/**
 * The remembered origin (path and query) or /chat. Only same-app paths are followed, and never
 * back into the auth screens.
 */
export function signedInTarget(from: FromLocation | undefined): string {
  const pathname = from?.pathname;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) {
    return DEFAULT_SIGNED_IN_PATH;
  }
  if (AUTH_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`))) return DEFAULT_SIGNED_IN_PATH;
  return `${pathname}${from?.search ?? ''}${from?.hash ?? ''}`;
}
