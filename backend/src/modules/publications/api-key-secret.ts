import { createHash, randomBytes } from 'node:crypto';

export const API_KEY_PREFIX = 'nova_sk_';
/** How much of the secret stays visible in listings: the prefix and six characters. */
const VISIBLE_LENGTH = API_KEY_PREFIX.length + 6;
/** 32 random bytes in base64url (43 characters) after the prefix. */
const SECRET_SHAPE = /^nova_sk_[A-Za-z0-9_-]{43}$/;

export interface NewSecret {
  secret: string;
  prefix: string;
  digest: string;
}

export function newSecret(): NewSecret {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, VISIBLE_LENGTH), digest: digestOf(secret) };
}

/**
 * A fast digest is enough: the secret has 256 random bits, so nobody can guess one from its
 * digest, and a slow KDF would cost every call (and block the event loop) for nothing.
 */
export function digestOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function looksLikeSecret(value: string): boolean {
  return SECRET_SHAPE.test(value);
}
