import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThanOrEqual, type Repository } from 'typeorm';
import { ApiPrice } from './entities/api-price.entity';

export type Prices = Pick<ApiPrice, 'per1000Calls' | 'perMillionInputTokens' | 'perMillionOutputTokens'>;

export interface BilledUse {
  /** Calls that answered (failed ones are not charged). */
  calls: number;
  inputTokens: number;
  outputTokens: number;
}

/** What a use costs at these prices, in cents (with fractions: a call may cost less than a cent). */
export function costOf(prices: Prices, use: BilledUse): number {
  return (use.calls * prices.per1000Calls) / 1_000 + (use.inputTokens * prices.perMillionInputTokens + use.outputTokens * prices.perMillionOutputTokens) / 1_000_000;
}

/** The month after `month` (YYYY-MM). */
export function nextMonthOf(month: string): string {
  const [year, index] = month.split('-').map(Number);
  return new Date(Date.UTC(year, index, 1)).toISOString().slice(0, 7);
}

/** How long the prices a call is charged at are kept in memory: another instance's change shows within this. */
export const PRICE_CACHE_MS = 2_000;

/** The publications' prices by the month they apply from (see ApiPrice). */
@Injectable()
export class ApiPriceBook {
  /** By publication and month: what a call is charged at, read at most once per PRICE_CACHE_MS. */
  private readonly charged = new Map<string, { prices: Promise<ApiPrice | null>; readAt: number }>();

  constructor(@InjectRepository(ApiPrice) private readonly prices: Repository<ApiPrice>) {}

  /** forMonth for a metered call: kept PRICE_CACHE_MS, so that calls do not read the prices each. */
  forCall(publicationId: string, month: string, now = Date.now()): Promise<ApiPrice | null> {
    const id = `${publicationId}|${month}`;
    const kept = this.charged.get(id);
    if (kept && now - kept.readAt < PRICE_CACHE_MS) return kept.prices;
    if (this.charged.size >= 10_000) this.charged.clear();
    const prices = this.forMonth(publicationId, month);
    this.charged.set(id, { prices, readAt: now });
    // A failed read is not kept.
    prices.catch(() => this.charged.delete(id));
    return prices;
  }

  /** The prices that apply in `month`; null when none was ever set. */
  async forMonth(publicationId: string, month: string): Promise<ApiPrice | null> {
    return this.prices.findOne({ where: { publicationId, fromMonth: LessThanOrEqual(month) }, order: { fromMonth: 'DESC' } });
  }

  /** The prices saved for after `month`, if any. */
  async after(publicationId: string, month: string): Promise<ApiPrice | null> {
    return this.prices.findOne({ where: { publicationId, fromMonth: nextMonthOf(month) } });
  }

  async save(row: ApiPrice): Promise<void> {
    await this.prices.upsert(row, ['publicationId', 'fromMonth']);
    for (const id of this.charged.keys()) if (id.startsWith(`${row.publicationId}|`)) this.charged.delete(id);
  }
}
