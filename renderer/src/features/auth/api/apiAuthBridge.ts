import { setAuthTokenProvider, setUnauthorizedHandler } from '../../../shared/api';
import { identityClient, mayHaveSession } from './identityClient';

/**
 * A 401 that arrives this soon after a forced refresh most likely belongs to a request sent with
 * the old token, so it does not count as the fresh token being refused.
 */
const REFRESH_GRACE_MS = 5_000;

let forcedToken: string | null = null;
let forcedAt = 0;
let handling: Promise<void> | null = null;

async function idToken(forceRefresh = false): Promise<string | null> {
  const { fetchAuthSession } = await identityClient();
  const { tokens } = await fetchAuthSession(forceRefresh ? { forceRefresh: true } : undefined);
  return tokens?.idToken?.toString() ?? null;
}

/**
 * The backend authorises by the ID token (its role claim), so that is the bearer token. A visitor's
 * calls go without one at once; a user's first call loads Amplify.
 */
export async function currentIdToken(): Promise<string | null> {
  if (!mayHaveSession()) return null;
  return idToken();
}

async function signOutQuietly(): Promise<void> {
  try {
    await (await identityClient()).signOut();
  } catch (error) {
    console.warn('[auth] sign-out after a refused token failed', error);
  }
}

/**
 * On a 401: refresh the tokens once; if the server refuses the refreshed token as well, or the
 * refresh fails, sign out (the signedOut Hub event clears the session state).
 */
export function handleUnauthorized(): Promise<void> {
  if (!mayHaveSession()) return Promise.resolve(); // A visitor: there is nothing to refresh.
  if (handling) return handling;
  handling = (async () => {
    try {
      const current = await idToken();
      if (!current) return; // A visitor: there is nothing to refresh and nobody to sign out.
      if (current === forcedToken) {
        if (Date.now() - forcedAt < REFRESH_GRACE_MS) return;
        await signOutQuietly();
        return;
      }
      const refreshed = await idToken(true);
      if (!refreshed) {
        await signOutQuietly();
        return;
      }
      forcedToken = refreshed;
      forcedAt = Date.now();
    } catch (error) {
      console.warn('[auth] token refresh after a 401 failed', error);
      // Offline is not a refused session (spec section 4: a network error keeps the tokens).
      if ((error as { name?: string } | null)?.name !== 'NetworkError') await signOutQuietly();
    }
  })().finally(() => {
    handling = null;
  });
  return handling;
}

/** Every API call carries the ID token; a 401 refreshes once (and the call is sent again), then signs out. */
export function installApiAuth(): () => void {
  setAuthTokenProvider(currentIdToken);
  setUnauthorizedHandler(handleUnauthorized);
  return () => {
    setAuthTokenProvider(null);
    setUnauthorizedHandler(null);
  };
}

/** Tests only. */
export function resetApiAuthForTests(): void {
  forcedToken = null;
  forcedAt = 0;
  handling = null;
}
