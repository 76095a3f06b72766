import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, MoreThanOrEqual, Not, type Repository } from 'typeorm';
import { ApiPriceBook, costOf, type Prices } from './api-prices';
import { ApiKey } from './entities/api-key.entity';
import { ApiKeyUsage } from './entities/api-key-usage.entity';
import { ApiPublication } from './entities/api-publication.entity';
import { billedUseOf, daysOfMonth } from './key-spend';
import { UsageMeter } from './usage-meter';

const NO_PRICES: Prices = { per1000Calls: 0, perMillionInputTokens: 0, perMillionOutputTokens: 0 };

/** One bought key's use in a month, at that month's prices: a line of its buyer's invoice. */
export interface BuyerKeyMonth {
  keyId: string;
  keyName: string;
  agentId: string;
  agentName: string;
  publicationId: string;
  /** Calls that answered (failed ones are not charged). */
  calls: number;
  inputTokens: number;
  outputTokens: number;
  /** Cents, rounded per key. */
  amount: number;
}

/** A published agent as billing names it. */
export type SoldPublication = Pick<ApiPublication, 'id' | 'agentId' | 'name' | 'ownerSub'>;

/** A bought key and its ledger rows since a day, for reporting use to Stripe Billing. */
export interface BuyerKeyUse {
  keyId: string;
  publicationId: string;
  buyerSub: string;
  revoked: boolean;
  days: Pick<ApiKeyUsage, 'day' | 'requests' | 'errors' | 'inputTokens' | 'outputTokens'>[];
}

/**
 * What billing of API use (issue 36, item 3) reads of the metering ledger (api_key_usage, one row
 * per key and day, written by the UsageMeter) and of bought keys; it never writes them.
 */
@Injectable()
export class BuyerUsageLedger {
  constructor(
    @InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>,
    @InjectRepository(ApiKeyUsage) private readonly usage: Repository<ApiKeyUsage>,
    @InjectRepository(ApiPublication) private readonly publications: Repository<ApiPublication>,
    private readonly priceBook: ApiPriceBook,
    private readonly meter: UsageMeter,
  ) {}

  /** Writes what this instance counted and has not written yet, so that the ledger is whole. */
  flush(): Promise<void> {
    return this.meter.flush();
  }

  /** The buyers (subjects) who used a bought key in the month. */
  async buyersOf(month: string): Promise<string[]> {
    const rows = await this.usage.find({ select: { keyId: true }, where: { day: daysOfMonth(month) } });
    if (rows.length === 0) return [];
    const keys = await this.keys.find({ select: { id: true, buyerSub: true }, where: { id: In([...new Set(rows.map((row) => row.keyId))]), buyerSub: Not(IsNull()) } });
    return [...new Set(keys.map((key) => key.buyerSub as string))];
  }

  /** The buyer's month, one line per key that was used (revoked keys too: their use was). */
  async linesOf(buyerSub: string, month: string): Promise<BuyerKeyMonth[]> {
    const keys = await this.keys.find({ where: { buyerSub }, order: { createdAt: 'ASC' } });
    if (keys.length === 0) return [];
    const rows = await this.usage.find({ where: { keyId: In(keys.map((key) => key.id)), day: daysOfMonth(month) } });
    const publications = await this.publicationsById(keys.map((key) => key.publicationId));
    const prices = new Map<string, Prices>();
    const lines: BuyerKeyMonth[] = [];
    for (const key of keys) {
      const used = rows.filter((row) => row.keyId === key.id);
      if (used.length === 0) continue;
      if (!prices.has(key.publicationId)) prices.set(key.publicationId, (await this.priceBook.forMonth(key.publicationId, month)) ?? NO_PRICES);
      const use = billedUseOf(used);
      const publication = publications.get(key.publicationId);
      lines.push({
        keyId: key.id,
        keyName: key.name,
        agentId: publication?.agentId ?? '',
        agentName: publication?.name ?? '',
        publicationId: key.publicationId,
        calls: use.calls,
        inputTokens: use.inputTokens,
        outputTokens: use.outputTokens,
        amount: Math.round(costOf(prices.get(key.publicationId) as Prices, use)),
      });
    }
    return lines;
  }

  async publicationsById(ids: string[]): Promise<Map<string, SoldPublication>> {
    const unique = [...new Set(ids)];
    const rows = unique.length ? await this.publications.find({ select: { id: true, agentId: true, name: true, ownerSub: true }, where: { id: In(unique) } }) : [];
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Every bought key still live or used since `day` (YYYY-MM-DD), with its ledger rows since then. */
  async useSince(day: string): Promise<BuyerKeyUse[]> {
    const keys = await this.keys.find({ select: { id: true, publicationId: true, buyerSub: true, revokedAt: true }, where: { buyerSub: Not(IsNull()) } });
    if (keys.length === 0) return [];
    const rows = await this.usage.find({ where: { keyId: In(keys.map((key) => key.id)), day: MoreThanOrEqual(day) } });
    return keys
      .map((key) => ({ keyId: key.id, publicationId: key.publicationId, buyerSub: key.buyerSub as string, revoked: key.revokedAt !== null, days: rows.filter((row) => row.keyId === key.id) }))
      .filter((key) => !key.revoked || key.days.length > 0);
  }

  /** The publications of the buyer's keys (revoked ones too). */
  async publicationIdsOf(buyerSub: string): Promise<string[]> {
    const keys = await this.keys.find({ select: { id: true, publicationId: true }, where: { buyerSub } });
    return [...new Set(keys.map((key) => key.publicationId))];
  }
}
