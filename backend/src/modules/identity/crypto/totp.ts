import { Secret, TOTP } from 'otpauth';

const PERIOD_SECONDS = 30;

/** A new authenticator-app secret (RFC 6238, SHA-1, 6 digits, 30 s), base32 as Cognito gives it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/**
 * The 30-second step a code belongs to, allowing one step of clock drift either way, or null.
 * The caller refuses a step it has already accepted, so a seen code cannot be replayed.
 */
export function totpStep(secretBase32: string, code: string | undefined, now = Date.now()): number | null {
  if (!code || !/^\d{6}$/.test(code)) return null;
  const totp = new TOTP({ secret: Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS });
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}
