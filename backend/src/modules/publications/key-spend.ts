import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Between, type Repository } from 'typeorm';
import { type BilledUse, costOf, type Prices } from './api-prices';
import { ApiKeyUsage } from './entities/api-key-usage.entity';
import { monthOf } from './key-quotas';
import type { ResolvedKey } from './key-resolver';
import { ApiKeysSuspendedError } from '../api-billing/api-billing.errors';
import { SpendCapReachedError } from './publications.errors';
import { PublicationsRedis } from './redis-channel';
import { UsageMeter } from './usage-meter';

/** Redis keeps a month's spend a little longer than the month. */
const SPEND_TTL_SECONDS = 40 * 86_400;
/** Adds to a spend only once it was seeded from the ledger: a missing one is read from the database first. */
const ADD_IF_SEEDED = "if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('INCRBYFLOAT', KEYS[1], ARGV[1]) end return false";

/** The days of a month (YYYY-MM) as api_key_usage stores them. */
export const daysOfMonth = (month: string) => Between(`${month}-01`, `${month}-31`);

/** Calls that answered, and their tokens: what a buyer pays for. */
export function billedUseOf(rows: Pick<ApiKeyUsage, 'requests' | 'errors' | 'inputTokens' | 'outputTokens'>[]): BilledUse {
  const use = { calls: 0, inputTokens: 0, outputTokens: 0 };
  for (const row of rows) {
    use.calls += row.requests - row.errors;
    use.inputTokens += row.inputTokens;
    use.outputTokens += row.outputTokens;
  }
  return use;
}

/**
 * A buyer's key's spend this month against its cap (issue 36). The ledger is api_key_usage, which
 * the UsageMeter writes in batches; the cap is checked before each model call. With REDIS_URL the
 * month's spend is one counter for every instance (seeded from the ledger, then added to as calls
 * end); without it, the ledger plus what this instance has not written yet. Tokens are known only
 * when a call ends, so a call is refused when the key's spend and the price of one more call would
 * pass the cap, and the call that uses it up is the last one.
 */
@Injectable()
export class KeySpend {
  private readonly logger = new Logger('Publications');

  constructor(
    private readonly redis: PublicationsRedis,
    private readonly meter: UsageMeter,
    @InjectRepository(ApiKeyUsage) private readonly usage: Repository<ApiKeyUsage>,
  ) {}

  /** Refuses (402) a call of a suspended buyer's key, and one that would take it past its monthly cap. */
  async admit(key: ResolvedKey, now = Date.now()): Promise<void> {
    if (key.buyer?.suspended) throw new ApiKeysSuspendedError();
    const cap = key.buyer?.monthlySpendCap ?? null;
    if (cap === null || !key.prices) return;
    const spent = await this.spent(key.keyId, key.prices, monthOf(now));
    if (spent >= cap || spent + costOf(key.prices, { calls: 1, inputTokens: 0, outputTokens: 0 }) > cap) throw new SpendCapReachedError();
  }

  /** A call of a buyer's key ended: its cost is added to the shared spend (off the request path). */
  record(key: ResolvedKey, outcome: { failed: boolean; inputTokens: number; outputTokens: number }, now = Date.now()): void {
    const client = this.redis.client;
    if (!key.buyer || key.buyer.monthlySpendCap === null || !key.prices || outcome.failed || client?.status !== 'ready') return;
    const cost = costOf(key.prices, { calls: 1, inputTokens: outcome.inputTokens, outputTokens: outcome.outputTokens });
    if (cost <= 0) return;
    client.eval(ADD_IF_SEEDED, 1, spendKey(key.keyId, monthOf(now)), String(cost)).catch((error: unknown) => {
      this.logger.warn(`No se pudo sumar el gasto de la clave ${key.keyId}: ${String(error)}`);
    });
  }

  private async spent(keyId: string, prices: Prices, month: string): Promise<number> {
    const client = this.redis.client;
    if (client?.status === 'ready') {
      try {
        const counter = spendKey(keyId, month);
        const shared = await client.get(counter);
        if (shared !== null) return Number(shared);
        await client.set(counter, String(await this.ledgerSpend(keyId, prices, month)), 'EX', SPEND_TTL_SECONDS, 'NX');
        return Number(await client.get(counter));
      } catch (error) {
        this.logger.warn(`Gasto de la clave ${keyId} leído de la base de datos: ${String(error)}`);
      }
    }
    return this.ledgerSpend(keyId, prices, month);
  }

  /** The month's spend as written, and as counted here and not written yet. */
  private async ledgerSpend(keyId: string, prices: Prices, month: string): Promise<number> {
    const rows = await this.meter.withUnwritten(keyId, month, () =>
      this.usage.find({ select: { requests: true, errors: true, inputTokens: true, outputTokens: true }, where: { keyId, day: daysOfMonth(month) } }),
    );
    return costOf(prices, billedUseOf(rows));
  }
}

function spendKey(keyId: string, month: string): string {
  return `spend:${keyId}:${month}`;
}
