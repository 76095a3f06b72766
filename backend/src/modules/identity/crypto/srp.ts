import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The server half of Cognito's SRP-6a, byte for byte what Amplify's client computes
 * (@aws-amplify/auth, providers/cognito/utils/srp): the RFC 5054 3072-bit group, g = 2,
 * k = H(N | g), x = H(salt | H(poolName | userId | ":" | password)), u = H(A | B), every number
 * hashed in its minimal two's-complement hex form, and the session key taken through HKDF with the
 * info "Caldera Derived Key". The password never reaches the server; only the verifier is kept.
 */
const N_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
  'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
  'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
  '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
  'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
  '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
  'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
  'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF';

const N = BigInt(`0x${N_HEX}`);
const g = 2n;
const HEX = /^[0-9a-f]+$/i;

/** Even-length hex with a leading 00 when the top bit is set (Java's BigInteger.toByteArray). */
export function padHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

const hashOfHex = (hex: string): bigint =>
  BigInt(`0x${createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex')}`);
const hashOfText = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

const k = hashOfHex(padHex(N) + padHex(g));

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

const toBigInt = (hex: string): bigint => BigInt(`0x${hex}`);

/** A fresh random salt, as the hex that goes out in the SALT challenge parameter. */
export function newSalt(): string {
  return randomBytes(16).toString('hex');
}

/** v = g^x mod N for the identity `userId` in the pool named `poolName` (the part after "_"). */
export function deriveVerifier(poolName: string, userId: string, password: string, saltHex: string): string {
  const x = hashOfHex(padHex(toBigInt(saltHex)) + hashOfText(`${poolName}${userId}:${password}`));
  return modPow(g, x, N).toString(16);
}

export interface ServerEphemeral {
  /** b: kept server-side with the challenge, never sent. */
  privateHex: string;
  /** B = k·v + g^b mod N: the SRP_B challenge parameter. */
  publicHex: string;
}

export function serverEphemeral(verifierHex: string): ServerEphemeral {
  for (;;) {
    const b = toBigInt(randomBytes(128).toString('hex'));
    const B = publicValue(toBigInt(verifierHex), b);
    if (B !== 0n) return { privateHex: b.toString(16), publicHex: B.toString(16) };
  }
}

function publicValue(v: bigint, b: bigint): bigint {
  return (k * v + modPow(g, b, N)) % N;
}

export interface PasswordClaim {
  poolName: string;
  userId: string;
  verifierHex: string;
  privateHex: string;
  /** SRP_A as the client sent it. */
  clientPublicHex: string;
  /** The SECRET_BLOCK (base64) the client signed. */
  secretBlock: string;
  /** The TIMESTAMP the client signed, e.g. "Sun Nov 22 1:59:25 UTC 2026". */
  timestamp: string;
  /** PASSWORD_CLAIM_SIGNATURE (base64). */
  signature: string;
}

/**
 * True only when the client proved knowledge of the password: the signature must equal
 * HMAC(K, poolName | userId | secretBlock | timestamp) under the shared SRP key K.
 */
export function verifyPasswordClaim(claim: PasswordClaim): boolean {
  if (!HEX.test(claim.clientPublicHex) || claim.clientPublicHex.length > 2048) return false;
  const A = toBigInt(claim.clientPublicHex);
  // A ≡ 0 (mod N) would force S = 0 whatever the password: the classic SRP bypass.
  if (A % N === 0n) return false;
  const v = toBigInt(claim.verifierHex);
  const b = toBigInt(claim.privateHex);
  const B = publicValue(v, b);
  const u = hashOfHex(padHex(A) + padHex(B));
  if (u === 0n) return false;
  const S = modPow((A * modPow(v, u, N)) % N, b, N);
  const prk = createHmac('sha256', Buffer.from(padHex(u), 'hex')).update(Buffer.from(padHex(S), 'hex')).digest();
  const key = createHmac('sha256', prk).update(Buffer.from('Caldera Derived Key\u0001', 'utf8')).digest().subarray(0, 16);
  const expected = createHmac('sha256', key)
    .update(
      Buffer.concat([
        Buffer.from(claim.poolName, 'utf8'),
        Buffer.from(claim.userId, 'utf8'),
        Buffer.from(claim.secretBlock, 'base64'),
        Buffer.from(claim.timestamp, 'utf8'),
      ]),
    )
    .digest();
  const given = Buffer.from(claim.signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
