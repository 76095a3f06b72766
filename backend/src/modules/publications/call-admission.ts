import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { KeyQuotas, secondsToNextMonth } from './key-quotas';
import { KeyRateLimiter } from './key-rate-limiter';
import type { ResolvedKey } from './key-resolver';
import { KeySpend } from './key-spend';
import { MonthlyQuotaExceededError, OwnerModelCallsLimitedError } from './publications.errors';

/** Adds a policy to a RateLimit list header the key guard started. */
function appendToList(response: Response, name: string, item: string): void {
  const current = response.getHeader(name);
  response.setHeader(name, current ? `${String(current)}, ${item}` : item);
}

/**
 * The last check before a call with a key asks the model, once per model call (an invoke, a chat
 * completion, an MCP tools/call): the owner's budget of model calls a minute across all their
 * keys (RATE_LIMIT_API_MODEL_CALLS_PER_MINUTE, the "per-owner" policy of the RateLimit headers),
 * then a buyer's key's monthly spending cap, then the key's monthly quotas, reserved. The key's own requests a minute were counted by
 * ApiKeyGuard.
 */
@Injectable()
export class CallAdmission {
  private readonly ownerLimit: number;

  constructor(
    private readonly limiter: KeyRateLimiter,
    private readonly quotas: KeyQuotas,
    private readonly spend: KeySpend,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.ownerLimit = config.apiKeys.ownerModelCallsPerMinute;
  }

  async admit(key: ResolvedKey, response: Response): Promise<void> {
    // A buyer's keys are the buyer's: they count against the buyer's budget, not the creator's.
    const owner = await this.limiter.hit(`owner:${key.buyer?.sub ?? key.owner.sub}`, this.ownerLimit);
    appendToList(response, 'RateLimit-Policy', `"per-owner";q=${owner.limit};w=60`);
    appendToList(response, 'RateLimit', `"per-owner";r=${owner.remaining};t=${owner.resetSeconds}`);
    if (!owner.allowed) {
      response.setHeader('RateLimit-Limit', String(owner.limit));
      response.setHeader('RateLimit-Remaining', '0');
      response.setHeader('RateLimit-Reset', String(owner.resetSeconds));
      response.setHeader('Retry-After', String(owner.resetSeconds));
      throw new OwnerModelCallsLimitedError(owner.limit, owner.resetSeconds);
    }
    await this.spend.admit(key);
    try {
      await this.quotas.reserve(key);
    } catch (error) {
      if (error instanceof MonthlyQuotaExceededError) response.setHeader('Retry-After', String(secondsToNextMonth()));
      throw error;
    }
  }
}
