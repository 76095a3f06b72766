import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Slow, salted hashing for what a person can guess (passwords, six-digit codes) and a plain
 * digest for what is already unguessable (random tokens). Nothing here is reversible.
 */
interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * Inside Jest's processes (and the servers its tests start) hashes are made at a low cost, as
 * Rails does for bcrypt in its test environment: the suites sign up hundreds of users, and four
 * scrypt runs per sign-up were most of its CPU time. The cost is stored with each hash, so checking
 * works the same whatever cost a hash was made with; a server started any other way has no
 * JEST_WORKER_ID and keeps OWASP's cost.
 */
const UNDER_JEST = process.env.JEST_WORKER_ID !== undefined;
/** OWASP's floor for scrypt; ~100 ms per password hash. */
const PASSWORD_COST: ScryptCost = { N: UNDER_JEST ? 2 ** 10 : 2 ** 15, r: 8, p: 1 };
/** A code lives at most a day and allows five tries; this makes a leaked table slow to reverse. */
const CODE_COST: ScryptCost = { N: UNDER_JEST ? 2 ** 10 : 2 ** 14, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(secret: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEY_LENGTH, { ...cost, maxmem: 256 * cost.N * cost.r }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

async function hashWith(secret: string, cost: ScryptCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

async function verifyWith(secret: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(secret, Buffer.from(salt, 'base64'), { N: Number(N), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export const hashPassword = (password: string) => hashWith(password, PASSWORD_COST);
export const verifyPassword = verifyWith;
export const hashCode = (code: string) => hashWith(code, CODE_COST);
export const verifyCode = verifyWith;

/**
 * Spends the same time as checking a real password, so that an unknown username cannot be told
 * apart from a wrong password by the response time.
 */
let decoyHash: Promise<string> | undefined;
export async function verifyDecoyPassword(password: string): Promise<false> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyWith(password, await decoyHash);
  return false;
}

/** A six-digit code, uniformly drawn (leading zeros kept). */
export function newNumericCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** An opaque bearer secret (refresh token, challenge session). */
export function newOpaqueToken(bytes = 48): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
