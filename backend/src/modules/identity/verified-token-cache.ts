import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { cacheCounter } from '../metrics/instruments';

/**
 * How long a token whose session can end is trusted before `stillValid` is asked again. Sessions
 * ended on any instance the instance bus reaches drop their tokens at once; this bounds how long
 * an instance it does not reach takes to notice (Cognito's own id tokens stay valid until they
 * expire, up to an hour).
 */
export const SESSION_RECHECK_MS = 60_000;

/** What a verifier learnt from a token's signature and claims. */
export interface VerifiedToken {
  identity: VerifiedIdentity;
  /** The token's expiry (ms). */
  expiresAt: number;
  /** Throws when the token no longer stands (its session ended); asked every SESSION_RECHECK_MS. */
  stillValid?: () => Promise<unknown>;
}

const lookups = cacheCounter('token_sessions');

interface Entry extends VerifiedToken {
  checkedAt: number;
}

/**
 * Bearer tokens already verified, so that a client's calls check the signature once per token
 * and its session once a minute, instead of both on every call (a chat turn is several
 * calls). The embedded pool empties the cache whenever it ends a session, so a sign-out takes
 * effect at once on every instance the bus reaches (on another, within SESSION_RECHECK_MS).
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly maxEntries = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  async through(token: string, verify: () => Promise<VerifiedToken>): Promise<VerifiedIdentity> {
    const cached = this.entries.get(token);
    if (cached && cached.expiresAt > this.now()) {
      lookups.hit();
      if (cached.stillValid && this.now() - cached.checkedAt >= recheckAfterMs(cached.identity)) {
        try {
          await cached.stillValid();
        } catch (error) {
          this.entries.delete(token);
          throw error;
        }
        cached.checkedAt = this.now();
      }
      return cached.identity;
    }
    if (cached) this.entries.delete(token);
    lookups.miss();

    const verified = await verify();
    if (verified.expiresAt > this.now()) {
      // Oldest first out: a Map iterates in insertion order.
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(token, { ...verified, checkedAt: this.now() });
    }
    return verified.identity;
  }

  forgetAll(): void {
    this.entries.clear();
  }
}

/**
 * An admin's token has its session checked on every call: admin rights matter most, and a
 * demotion made elsewhere (the admin CLI, another instance) must end them at once. Admins are few.
 */
function recheckAfterMs(identity: VerifiedIdentity): number {
  return identity.role === 'admin' ? 0 : SESSION_RECHECK_MS;
}
