import { createHash } from 'node:crypto';
import { isSubjectShaped } from '../../common/auth/id-token-verifier';

/**
 * A user's public name (issue 29): what agents and ecosystems show as `createdBy` to everyone.
 * Usernames made at sign-up are e-mail addresses, so they are never shown; the handle is. Letters,
 * digits, '.', '_' and '-' (so never an e-mail), 3 to 30 long, starting and ending with a letter or
 * digit; stored in lower case, unique.
 */
export const HANDLE_PATTERN = /^[a-z0-9](?:[a-z0-9._-]{1,28}[a-z0-9])$/;

/** Names the platform credits its own agents and ecosystems to. */
const RESERVED_HANDLES = new Set(['admin', 'system']);

/** Why a handle cannot be anyone's, or null when it can. */
export function handleProblem(handle: string): 'format' | 'reserved' | null {
  if (!HANDLE_PATTERN.test(handle)) return 'format';
  if (RESERVED_HANDLES.has(handle) || isSubjectShaped(handle)) return 'reserved';
  return null;
}

/**
 * The handle a new profile gets: the username itself when it is a valid handle (not an e-mail)
 * and free; otherwise 'usuario-' and a digest of the account's subject, which says nothing about
 * the address (the address's local part would: 'ana.garcia' and a common domain give it away).
 * Longer digests follow while the shorter ones are taken.
 */
export function defaultHandles(username: string, sub: string): string[] {
  const name = username.toLowerCase();
  const digest = createHash('sha256').update(sub).digest('hex');
  const fromDigest = [8, 12, 16, 22].map((length) => `usuario-${digest.slice(0, length)}`);
  return handleProblem(name) === null ? [name, ...fromDigest] : fromDigest;
}
