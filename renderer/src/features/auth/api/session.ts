import { fetchAuthSession, getCurrentUser, type JWT } from 'aws-amplify/auth';
import type { AuthUser, UserRole } from '../state/authState';

type Claims = JWT['payload'];

function claim(claims: Claims, name: string): string | undefined {
  const value = claims[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Spec section 3: role from the custom role claim of the ID token, 'user' unless it says admin. */
export function userFromIdToken(claims: Claims, fallback: { userId?: string; username?: string } = {}): AuthUser {
  const role: UserRole = claim(claims, 'custom:role') === 'admin' ? 'admin' : 'user';
  const contactName = claim(claims, 'name');
  return {
    userId: claim(claims, 'sub') ?? fallback.userId ?? '',
    username: claim(claims, 'cognito:username') ?? fallback.username ?? '',
    email: claim(claims, 'email') ?? '',
    role,
    ...(contactName ? { contactName } : {}),
  };
}

/**
 * The signed-in user from Amplify's stored tokens (refreshed when near expiry), or null when there
 * is no session. Anything other than "nobody is signed in" is thrown for the caller to log.
 */
export async function loadSessionUser(): Promise<AuthUser | null> {
  let current: { userId: string; username: string };
  try {
    current = await getCurrentUser();
  } catch (error) {
    if ((error as { name?: string } | null)?.name === 'UserUnAuthenticatedException') return null;
    throw error;
  }
  const { tokens } = await fetchAuthSession();
  // Amplify drops tokens whose refresh was refused: that is a signed-out visitor, not an error.
  const claims = tokens?.idToken?.payload;
  if (!claims) return null;
  return userFromIdToken(claims, current);
}
