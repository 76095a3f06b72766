import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Between, In, IsNull, Not, type Repository } from 'typeorm';
import { mayModify } from '../../common/access/access-policy';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { AuditLog } from '../audit/audit-log.service';
import { MailSender } from '../mail/mail-sender';
import { PaymentsService } from '../payments/payments.service';
import { UsersService } from '../users/users.service';
import { newSecret } from './api-key-secret';
import { ApiPriceBook, costOf, nextMonthOf, type Prices } from './api-prices';
import type {
  ApiBuyersDto,
  ApiPricingDto,
  BuyerKeyDto,
  BuyersQueryDto,
  BuyerUsageDto,
  BuyerUsageQueryDto,
  CreateBuyerKeyDto,
  CreatedBuyerKeyDto,
  DeletedBuyerKeyDto,
  UpdateApiPricingDto,
} from './dto/api-sales.dto';
import { ApiKey } from './entities/api-key.entity';
import { ApiKeyUsage } from './entities/api-key-usage.entity';
import { ApiPublication } from './entities/api-publication.entity';
import { monthOf } from './key-quotas';
import { KeyResolver } from './key-resolver';
import { billedUseOf, daysOfMonth } from './key-spend';
import { ApiKeyNotFoundError, ApiNotForSaleError, CardRequiredError, MAX_BOUGHT_AGENTS, PublicationNotFoundError, TooManyApiKeysError, TooManyBoughtAgentsError } from './publications.errors';
import { UsageMeter } from './usage-meter';

const NO_PRICES: Prices = { per1000Calls: 0, perMillionInputTokens: 0, perMillionOutputTokens: 0 };
const pricesOf = (row: Prices | null): Prices =>
  row ? { per1000Calls: row.per1000Calls, perMillionInputTokens: row.perMillionInputTokens, perMillionOutputTokens: row.perMillionOutputTokens } : NO_PRICES;
const samePrices = (a: Prices, b: Prices) =>
  a.per1000Calls === b.per1000Calls && a.perMillionInputTokens === b.perMillionInputTokens && a.perMillionOutputTokens === b.perMillionOutputTokens;
/** Cents with fractions, to a hundredth of a cent. */
const roundCents = (cents: number) => Math.round(cents * 100) / 100;

/**
 * A builder sells their published agent's API to other developers (issue 36, items 1 and 2): the
 * prices (a change applies from the next month, and is audited), the buyers' own keys (with a
 * saved card, an optional monthly cap; never listed to the builder), the buyers' spend and usage,
 * and the builder's view of each buyer's use and revenue.
 */
@Injectable()
export class ApiSalesService implements OnModuleInit {
  private readonly logger = new Logger('Publications');
  private readonly currency: string;
  private readonly feePercent: number;
  private readonly maxKeysPerAccount: number;

  constructor(
    @InjectRepository(ApiPublication) private readonly publications: Repository<ApiPublication>,
    @InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>,
    @InjectRepository(ApiKeyUsage) private readonly usage: Repository<ApiKeyUsage>,
    private readonly payments: PaymentsService,
    private readonly users: UsersService,
    private readonly priceBook: ApiPriceBook,
    private readonly resolver: KeyResolver,
    private readonly meter: UsageMeter,
    private readonly audit: AuditLog,
    private readonly mail: MailSender,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.currency = config.payments.currency;
    this.feePercent = config.payments.platformFeePercent;
    this.maxKeysPerAccount = config.apiKeys.maxKeysPerAccount;
  }

  onModuleInit(): void {
    // The creator knows a buyer by their public name only, kept as it changes.
    this.users.whenHandleChanges(async ({ sub, after }) => {
      await this.keys.update({ buyerSub: sub }, { buyerUsername: after });
    });
  }

  /** PUT /publication/{apiId}/pricing: the first prices apply at once, a change from the next month. */
  async setPricing(identity: VerifiedIdentity, apiId: string, body: UpdateApiPricingDto): Promise<ApiPricingDto> {
    const publication = await this.publicationOf(apiId);
    if (!mayModify(identity, publication)) throw new PublicationNotFoundError();
    const before = await this.pricing(publication);
    const month = monthOf(Date.now());
    const wanted = pricesOf(body);
    const current = await this.priceBook.forMonth(publication.id, month);
    if (!current) await this.priceBook.save({ publicationId: publication.id, fromMonth: month, ...wanted });
    else if (before.next || !samePrices(pricesOf(current), wanted)) await this.priceBook.save({ publicationId: publication.id, fromMonth: nextMonthOf(month), ...wanted });
    if (publication.forSale !== body.available) await this.publications.update({ id: publication.id }, { forSale: body.available });
    const after = await this.pricing({ ...publication, forSale: body.available });
    await this.audit.record({ actorSub: identity.sub, action: 'publication.pricing', target: `agent:${publication.agentId}`, before, after });
    await this.resolver.forget(publication.id);
    if (after.next && !(before.next && samePrices(before.next, after.next) && before.next.from === after.next.from)) await this.announce(identity, publication, after.next);
    return after;
  }

  /**
   * Tells the agent's current buyers (a live key of theirs) by e-mail what its prices will be from
   * the next month; the announcement is audited with how many it was sent to. A mail that cannot be
   * sent is logged: the change stands.
   */
  private async announce(identity: VerifiedIdentity, publication: ApiPublication, next: Prices & { from: string }): Promise<void> {
    const keys = await this.keys.find({ select: { id: true, buyerSub: true }, where: { publicationId: publication.id, buyerSub: Not(IsNull()), revokedAt: IsNull() } });
    const buyers = [...new Set(keys.map((key) => key.buyerSub as string))];
    if (buyers.length === 0) return;
    const customers = await this.payments.customersOf(buyers);
    const money = new Intl.NumberFormat('es-ES', { style: 'currency', currency: this.currency.toUpperCase() });
    const amount = (cents: number) => money.format(cents / 100);
    const text = [
      `Hola:`,
      ``,
      `Los precios de la API de «${publication.name}» cambian desde ${next.from}:`,
      `- ${amount(next.per1000Calls)} por cada 1.000 llamadas`,
      `- ${amount(next.perMillionInputTokens)} por millón de tokens de entrada`,
      `- ${amount(next.perMillionOutputTokens)} por millón de tokens de salida`,
      ``,
      `El uso de este mes se factura a los precios de ahora. Puedes ver y borrar tus claves en 'Mis claves de API' de tu perfil.`,
    ].join('\n');
    const results = await Promise.allSettled(customers.map((customer) => this.mail.send({ to: customer.email, subject: `Cambian los precios de la API de «${publication.name}»`, text })));
    const failed = results.filter((result) => result.status === 'rejected');
    for (const failure of failed) this.logger.warn(`No se pudo avisar del cambio de precios: ${String((failure as PromiseRejectedResult).reason)}`);
    await this.audit.record({
      actorSub: identity.sub,
      action: 'publication.pricing-announced',
      target: `agent:${publication.agentId}`,
      after: { from: next.from, buyers: buyers.length, sent: results.length - failed.length },
    });
  }

  /** GET /publication/{apiId}/pricing: anyone's, while it is for sale; its creator's always. */
  async getPricing(identity: VerifiedIdentity | undefined, apiId: string): Promise<ApiPricingDto> {
    const publication = await this.publicationOf(apiId);
    if (!publication.forSale && !(identity && mayModify(identity, publication))) throw new ApiNotForSaleError();
    return this.pricing(publication);
  }

  /** POST /me/api-keys: a key of the caller's own for an agent for sale; needs a saved card. */
  async createKey(identity: VerifiedIdentity, body: CreateBuyerKeyDto): Promise<CreatedBuyerKeyDto> {
    const publication = await this.publications.findOneBy({ agentId: body.agentId });
    if (!publication?.forSale || !publication.enabled) throw new ApiNotForSaleError();
    // A saved card (demo or Stripe gateway alike): what the month's use will be charged to.
    if ((await this.payments.listCards(identity)).paymentMethods.length === 0) throw new CardRequiredError();
    const liveKeys = await this.keys.find({ select: { publicationId: true }, where: { buyerSub: identity.sub, revokedAt: IsNull() } });
    if (liveKeys.length >= this.maxKeysPerAccount) throw new TooManyApiKeysError('account', this.maxKeysPerAccount);
    const boughtAgents = new Set(liveKeys.map((key) => key.publicationId));
    if (!boughtAgents.has(publication.id) && boughtAgents.size >= MAX_BOUGHT_AGENTS) throw new TooManyBoughtAgentsError();
    const secret = newSecret();
    const key = this.keys.create({
      id: randomUUID(),
      publicationId: publication.id,
      name: body.name,
      prefix: secret.prefix,
      digest: secret.digest,
      rateLimitPerMinute: null,
      monthlyRequestQuota: null,
      monthlyTokenQuota: null,
      expiresAt: null,
      allowConfirmedTools: false,
      lastUsedAt: null,
      revokedAt: null,
      buyerSub: identity.sub,
      buyerUsername: await this.users.handleOf(identity),
      monthlySpendCap: body.monthlySpendCap ?? null,
    });
    await this.keys.insert(key);
    const [created] = await this.buyerKeysOf([await this.keys.findOneByOrFail({ id: key.id })]);
    return { ...created, secret: secret.secret };
  }

  /** GET /me/api-keys: the caller's live keys, each with this month's spend. */
  async listKeys(identity: VerifiedIdentity): Promise<BuyerKeyDto[]> {
    await this.meter.flush();
    return this.buyerKeysOf(await this.keys.find({ where: { buyerSub: identity.sub, revokedAt: IsNull() }, order: { createdAt: 'ASC' } }));
  }

  /** DELETE /me/api-keys/{keyId}: only the caller's own; it stops at once on every instance. */
  async deleteKey(identity: VerifiedIdentity, keyId: string): Promise<DeletedBuyerKeyDto> {
    const key = await this.keys.findOneBy({ id: keyId, buyerSub: identity.sub, revokedAt: IsNull() });
    if (!key) throw new ApiKeyNotFoundError();
    await this.keys.update({ id: key.id }, { revokedAt: new Date() });
    await this.resolver.forget(key.publicationId);
    return { success: true, keyId };
  }

  /** GET /me/api-usage: the caller's keys' use and spend per key and day (UTC), the last 30 days by default. */
  async usageOf(identity: VerifiedIdentity, query: BuyerUsageQueryDto): Promise<BuyerUsageDto> {
    await this.meter.flush();
    const to = query.to ?? new Date().toISOString().slice(0, 10);
    const from = query.from ?? new Date(Date.parse(to) - 29 * 86_400_000).toISOString().slice(0, 10);
    const keys = await this.keys.find({ select: { id: true, publicationId: true }, where: { buyerSub: identity.sub } });
    if (keys.length === 0) return { currency: this.currency, days: [] };
    const rows = await this.usage.find({ where: { keyId: In(keys.map((key) => key.id)), day: Between(from, to) }, order: { day: 'ASC', keyId: 'ASC' } });
    const agentIds = await this.agentIdsOf(rows.map((row) => row.publicationId));
    const prices = new PriceCache(this.priceBook);
    const days = [];
    for (const row of rows) {
      days.push({
        date: row.day,
        keyId: row.keyId,
        agentId: agentIds.get(row.publicationId) ?? '',
        requests: row.requests,
        errors: row.errors,
        inputTokens: row.inputTokens,
        outputTokens: row.outputTokens,
        spend: roundCents(costOf(await prices.of(row.publicationId, row.day.slice(0, 7)), billedUseOf([row]))),
      });
    }
    return { currency: this.currency, days };
  }

  /** GET /publication/{apiId}/buyers: each buyer's use and what they paid in a month; never their keys. */
  async buyersOf(identity: VerifiedIdentity, apiId: string, query: BuyersQueryDto): Promise<ApiBuyersDto> {
    const publication = await this.publicationOf(apiId);
    if (!mayModify(identity, publication)) throw new PublicationNotFoundError();
    await this.meter.flush();
    const month = query.month ?? monthOf(Date.now());
    const keys = await this.keys.find({ select: { id: true, buyerSub: true, buyerUsername: true }, where: { publicationId: publication.id, buyerSub: Not(IsNull()) } });
    const rows = keys.length ? await this.usage.find({ where: { keyId: In(keys.map((key) => key.id)), day: daysOfMonth(month) } }) : [];
    const prices = pricesOf(await this.priceBook.forMonth(publication.id, month));
    const buyers = new Map<string, { username: string; keys: string[]; rows: ApiKeyUsage[] }>();
    for (const key of keys) {
      const buyer = buyers.get(key.buyerSub as string) ?? { username: key.buyerUsername ?? '', keys: [], rows: [] };
      buyer.keys.push(key.id);
      buyer.rows.push(...rows.filter((row) => row.keyId === key.id));
      buyers.set(key.buyerSub as string, buyer);
    }
    return {
      month,
      currency: this.currency,
      buyers: [...buyers].map(([buyerSub, buyer]) => {
        const revenue = costOf(prices, billedUseOf(buyer.rows));
        return {
          buyerSub,
          username: buyer.username,
          keys: buyer.keys.length,
          requests: buyer.rows.reduce((sum, row) => sum + row.requests, 0),
          errors: buyer.rows.reduce((sum, row) => sum + row.errors, 0),
          inputTokens: buyer.rows.reduce((sum, row) => sum + row.inputTokens, 0),
          outputTokens: buyer.rows.reduce((sum, row) => sum + row.outputTokens, 0),
          revenue: roundCents(revenue),
          creatorShare: roundCents((revenue * (100 - this.feePercent)) / 100),
        };
      }),
    };
  }

  private async pricing(publication: ApiPublication): Promise<ApiPricingDto> {
    const month = monthOf(Date.now());
    const [current, next] = await Promise.all([this.priceBook.forMonth(publication.id, month), this.priceBook.after(publication.id, month)]);
    return {
      apiId: publication.id,
      agentId: publication.agentId,
      available: publication.forSale,
      currency: this.currency,
      ...pricesOf(current),
      next: next ? { from: next.fromMonth, ...pricesOf(next) } : null,
    };
  }

  /** `apiId` is the publication's id, or its agent's (the marketplace page knows only the agent). */
  private async publicationOf(apiId: string): Promise<ApiPublication> {
    const publication = await this.publications.findOne({ where: [{ id: apiId }, { agentId: apiId }] });
    if (!publication) throw new PublicationNotFoundError();
    return publication;
  }

  private async buyerKeysOf(keys: ApiKey[]): Promise<BuyerKeyDto[]> {
    const month = monthOf(Date.now());
    const publications = keys.length ? await this.publications.findBy({ id: In([...new Set(keys.map((key) => key.publicationId))]) }) : [];
    const rows = keys.length ? await this.usage.find({ where: { keyId: In(keys.map((key) => key.id)), day: daysOfMonth(month) } }) : [];
    const prices = new PriceCache(this.priceBook);
    const result: BuyerKeyDto[] = [];
    for (const key of keys) {
      const publication = publications.find((candidate) => candidate.id === key.publicationId);
      result.push({
        keyId: key.id,
        agentId: publication?.agentId ?? '',
        agentName: publication?.name ?? '',
        name: key.name,
        prefix: key.prefix,
        monthlySpendCap: key.monthlySpendCap,
        spentThisMonth: roundCents(costOf(await prices.of(key.publicationId, month), billedUseOf(rows.filter((row) => row.keyId === key.id)))),
        currency: this.currency,
        createdAt: key.createdAt,
        lastUsedAt: key.lastUsedAt,
      });
    }
    return result;
  }

  private async agentIdsOf(publicationIds: string[]): Promise<Map<string, string>> {
    const ids = [...new Set(publicationIds)];
    const rows = ids.length ? await this.publications.find({ select: { id: true, agentId: true }, where: { id: In(ids) } }) : [];
    return new Map(rows.map((row) => [row.id, row.agentId]));
  }
}

/** Each publication's prices of a month, read once per request. */
class PriceCache {
  private readonly known = new Map<string, Promise<Prices>>();
  constructor(private readonly book: ApiPriceBook) {}

  of(publicationId: string, month: string): Promise<Prices> {
    const id = `${publicationId}|${month}`;
    let prices = this.known.get(id);
    if (!prices) {
      prices = this.book.forMonth(publicationId, month).then(pricesOf);
      this.known.set(id, prices);
    }
    return prices;
  }
}
