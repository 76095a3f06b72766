import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Errors } from '../cognito-errors';
import type { IdentityUser } from '../entities/identity-user.entity';
import { SignInThrottle } from '../entities/sign-in-throttle.entity';
import { FAILURE_WINDOW_MS, IP_FAILURE_LIMIT, LOCK_MS, USER_FAILURE_LIMIT } from '../identity.constants';

/** Who is trying: the account (or the unknown name typed) and the client address. */
export interface Attempt {
  user: IdentityUser | null;
  login: string;
  ip: string;
}

/**
 * Slows password and MFA-code guessing: five failures lock an account for 15 minutes, twenty lock
 * a client address. An unknown name is counted like an account, so a lock-out reveals nothing.
 */
@Injectable()
export class SignInThrottleService {
  constructor(@InjectRepository(SignInThrottle) private readonly throttles: Repository<SignInThrottle>) {}

  async assertAllowed(attempt: Attempt): Promise<void> {
    const rows = await this.throttles.findBy(keys(attempt).map(({ key }) => ({ key })));
    const now = Date.now();
    if (rows.some((row) => row.lockedUntil && row.lockedUntil.getTime() > now)) throw Errors.tooManyFailures();
  }

  async recordFailure(attempt: Attempt): Promise<void> {
    for (const { key, limit } of keys(attempt)) await this.countFailure(key, limit);
  }

  /** A successful sign-in clears the account's count (not the address's). */
  async recordSuccess(user: IdentityUser): Promise<void> {
    await this.throttles.delete({ key: `user:${user.sub}` });
  }

  private async countFailure(key: string, limit: number): Promise<void> {
    const now = new Date();
    const row = await this.throttles.findOneBy({ key });
    if (!row || now.getTime() - row.windowStartedAt.getTime() >= FAILURE_WINDOW_MS) {
      await this.throttles.upsert({ key, failures: 1, windowStartedAt: now, lockedUntil: row?.lockedUntil ?? null }, ['key']);
      return;
    }
    await this.throttles.increment({ key }, 'failures', 1);
    const counted = await this.throttles.findOneBy({ key });
    if (counted && counted.failures >= limit) {
      await this.throttles.update({ key }, { failures: 0, windowStartedAt: now, lockedUntil: new Date(now.getTime() + LOCK_MS) });
    }
  }
}

function keys({ user, login, ip }: Attempt): Array<{ key: string; limit: number }> {
  return [
    { key: user ? `user:${user.sub}` : `name:${login.toLowerCase().slice(0, 190)}`, limit: USER_FAILURE_LIMIT },
    { key: `ip:${ip}`, limit: IP_FAILURE_LIMIT },
  ];
}
