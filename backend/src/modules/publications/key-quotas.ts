import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, type Repository } from 'typeorm';
import { ApiKey } from './entities/api-key.entity';
import type { ResolvedKey } from './key-resolver';
import { MonthlyQuotaExceededError } from './publications.errors';

export const monthOf = (time: number) => new Date(time).toISOString().slice(0, 7);

/** Seconds until the next month starts (UTC), when a used-up quota is whole again. */
export function secondsToNextMonth(now = Date.now()): number {
  const date = new Date(now);
  return Math.max(1, Math.ceil((Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) - now) / 1000));
}

/**
 * A key's monthly request and token quotas, counted on the key's own row. A call is reserved
 * before the model is asked, with one conditional update that every instance (and every call
 * at the same moment) goes through the database for: the quota can never be passed, however
 * many calls arrive together. Tokens are known only when a call ends, so a token quota stops the
 * calls after the one that used it up. Keys without quotas cost nothing here.
 */
@Injectable()
export class KeyQuotas {
  constructor(@InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>) {}

  /** Counts one call against the key's month, or refuses it (429) when a quota is used up. */
  async reserve(key: ResolvedKey, now = Date.now()): Promise<void> {
    const { monthlyRequestQuota: requestQuota, monthlyTokenQuota: tokenQuota } = key;
    if (requestQuota === null && tokenQuota === null) return;
    const month = monthOf(now);
    const result = await this.keys
      .createQueryBuilder()
      .update(ApiKey)
      .set({
        // Every right-hand side reads the row as it was: a new month starts the counts again.
        quotaRequests: () => 'CASE WHEN quota_month = :month THEN quota_requests + 1 ELSE 1 END',
        quotaTokens: () => 'CASE WHEN quota_month = :month THEN quota_tokens ELSE 0 END',
        quotaMonth: month,
      })
      .where('id = :id', { id: key.keyId, month })
      .andWhere(
        new Brackets((room) => {
          room.where('quota_month IS NULL').orWhere('quota_month <> :month');
          room.orWhere(
            new Brackets((within) => {
              within.where('1 = 1');
              if (requestQuota !== null) within.andWhere('quota_requests < :requestQuota', { requestQuota });
              if (tokenQuota !== null) within.andWhere('quota_tokens < :tokenQuota', { tokenQuota });
            }),
          );
        }),
      )
      .execute();
    if (result.affected) return;
    const used = await this.keys.findOne({ select: { id: true, quotaRequests: true }, where: { id: key.keyId } });
    if (requestQuota !== null && (used?.quotaRequests ?? requestQuota) >= requestQuota) throw new MonthlyQuotaExceededError('requests', requestQuota);
    throw new MonthlyQuotaExceededError('tokens', tokenQuota ?? 0);
  }

  /** Adds a finished call's tokens to the key's month, when the key has a token quota. */
  async spend(key: ResolvedKey, tokens: number, now = Date.now()): Promise<void> {
    if (key.monthlyTokenQuota === null || tokens <= 0) return;
    await this.keys
      .createQueryBuilder()
      .update(ApiKey)
      .set({ quotaTokens: () => 'quota_tokens + :tokens' })
      .where('id = :id AND quota_month = :month', { id: key.keyId, month: monthOf(now), tokens })
      .execute();
  }
}
