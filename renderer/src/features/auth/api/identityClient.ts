import type { IdentityConfig } from '../../../shared/config';
import { getDesktop } from '../../../shared/desktop/desktop';

export type AmplifyClient = typeof import('./amplifyClient');
type AuthEventListener = (event: string) => void;

let identity: IdentityConfig | null = null;
let loading: Promise<AmplifyClient> | null = null;
const authEventListeners = new Set<AuthEventListener>();

/** Where the identity service is, from the runtime configuration; Amplify itself loads on first use. */
export function setIdentityConfig(config: IdentityConfig): void {
  identity = config;
}

/** True once the runtime configuration has said where the identity service is. */
export function hasIdentityConfig(): boolean {
  return identity !== null;
}

/**
 * Whether someone may be signed in on this device, without loading Amplify: in a browser Amplify
 * names the last user under this localStorage key for as long as it keeps tokens; the desktop app
 * keeps them in the OS's secure storage, which only Amplify reads. Once Amplify is loaded, it knows.
 */
export function mayHaveSession(): boolean {
  if (!identity) return false;
  if (loading || getDesktop()) return true;
  try {
    return localStorage.getItem(`CognitoIdentityServiceProvider.${identity.userPoolClientId}.LastAuthUser`) !== null;
  } catch {
    return true;
  }
}

/** Amplify's auth events (signedIn, signedOut, tokenRefresh_failure…), from whenever Amplify loads. */
export function onAuthEvent(listener: AuthEventListener): () => void {
  authEventListeners.add(listener);
  return () => authEventListeners.delete(listener);
}

/**
 * aws-amplify, configured for the identity service: loaded in a chunk of its own the first time
 * anything needs it (a stored session, a sign-in screen), so a visitor's first screen does without
 * it. Rejects before the runtime configuration has arrived, and when the chunk cannot be loaded
 * (the next call retries).
 */
export async function identityClient(): Promise<AmplifyClient> {
  if (!identity) throw new Error('The identity service is not configured yet');
  const config = identity;
  loading ??= import('./amplifyClient').then(
    (client) => {
      client.Hub.listen('auth', ({ payload }) => authEventListeners.forEach((listener) => listener(payload.event)));
      return client;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  const client = await loading;
  client.configureAmplify(config);
  return client;
}

/** Tests only. */
export function resetIdentityClientForTests(): void {
  identity = null;
  loading = null;
}
