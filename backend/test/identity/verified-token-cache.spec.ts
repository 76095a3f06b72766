import type { VerifiedIdentity } from '../../src/common/auth/id-token-verifier';
import { SESSION_RECHECK_MS, VerifiedTokenCache } from '../../src/modules/identity/verified-token-cache';

const ana: VerifiedIdentity = { sub: 'sub-ana', username: 'ana', email: 'ana@example.com', role: 'user' };

describe('VerifiedTokenCache', () => {
  let clock: number;
  let cache: VerifiedTokenCache;
  let verifications: number;
  let sessionChecks: number;
  let sessionLive: boolean;
  const stillValid = async () => {
    sessionChecks += 1;
    if (!sessionLive) throw new Error('sesión cerrada');
  };
  const verify = (expiresAt: number, withSession = true) => async () => {
    verifications += 1;
    return { identity: ana, expiresAt, ...(withSession ? { stillValid } : {}) };
  };

  beforeEach(() => {
    clock = 1_000_000;
    verifications = 0;
    sessionChecks = 0;
    sessionLive = true;
    cache = new VerifiedTokenCache(3, () => clock);
  });

  it('verifies a token once until it expires', async () => {
    const expiresAt = clock + 3_600_000;
    await expect(cache.through('token-a', verify(expiresAt, false))).resolves.toEqual(ana);
    clock += 3_599_999;
    await cache.through('token-a', verify(expiresAt, false));
    expect(verifications).toBe(1);
    clock += 1;
    await cache.through('token-a', verify(expiresAt, false));
    expect(verifications).toBe(2);
  });

  it('asks whether the session still stands every few seconds, and drops the token when it does not', async () => {
    const expiresAt = clock + 3_600_000;
    await cache.through('token-a', verify(expiresAt));
    clock += SESSION_RECHECK_MS - 1;
    await cache.through('token-a', verify(expiresAt));
    expect(sessionChecks).toBe(0);
    clock += 1;
    await cache.through('token-a', verify(expiresAt));
    expect(sessionChecks).toBe(1);
    expect(verifications).toBe(1);

    sessionLive = false;
    clock += SESSION_RECHECK_MS;
    await expect(cache.through('token-a', verify(expiresAt))).rejects.toThrow('sesión cerrada');
    await cache.through('token-a', verify(expiresAt));
    expect(verifications).toBe(2);
  });

  it("checks an admin's session on every call, so that a demotion made elsewhere ends admin rights at once", async () => {
    const boss: VerifiedIdentity = { ...ana, sub: 'sub-jefa', role: 'admin' };
    const verifyAdmin = async () => {
      verifications += 1;
      return { identity: boss, expiresAt: clock + 3_600_000, stillValid };
    };
    await cache.through('token-admin', verifyAdmin);
    await cache.through('token-admin', verifyAdmin);
    expect(sessionChecks).toBe(1);
    sessionLive = false;
    await expect(cache.through('token-admin', verifyAdmin)).rejects.toThrow('sesión cerrada');
    expect(verifications).toBe(1);
  });

  it('keeps nothing that is already expired and nothing that failed', async () => {
    await cache.through('expired', verify(clock));
    await cache.through('expired', verify(clock));
    expect(verifications).toBe(2);

    const refused = async () => {
      verifications += 1;
      throw new Error('firma no válida');
    };
    await expect(cache.through('bad', refused)).rejects.toThrow('firma no válida');
    await expect(cache.through('bad', refused)).rejects.toThrow('firma no válida');
    expect(verifications).toBe(4);
  });

  it('forgets every token when a session ends', async () => {
    await cache.through('token-a', verify(clock + 60_000));
    cache.forgetAll();
    await cache.through('token-a', verify(clock + 60_000));
    expect(verifications).toBe(2);
  });

  it('holds at most its capacity, dropping the oldest token first', async () => {
    for (const token of ['t1', 't2', 't3', 't4']) await cache.through(token, verify(clock + 60_000));
    expect(verifications).toBe(4);
    await cache.through('t4', verify(clock + 60_000));
    await cache.through('t2', verify(clock + 60_000));
    expect(verifications).toBe(4);
    await cache.through('t1', verify(clock + 60_000));
    expect(verifications).toBe(5);
  });
});
