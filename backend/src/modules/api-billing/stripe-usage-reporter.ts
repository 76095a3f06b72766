import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type Repository } from 'typeorm';
import { meteredBillingOf, PAYMENT_GATEWAY, type MeteredBilling, type PaymentGateway } from '../payments/gateway/payment-gateway';
import { PaymentsService } from '../payments/payments.service';
import { ApiPriceBook } from '../publications/api-prices';
import { BuyerUsageLedger, type BuyerKeyUse, type SoldPublication } from '../publications/buyer-usage-ledger';
import { monthOf } from '../publications/key-quotas';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { ApiBillingAccount } from './entities/api-billing-account.entity';
import { ApiMeter, ApiMeteredPrice, METERED_UNITS, type MeteredUnit } from './entities/api-meter.entity';
import { ApiMeterReport } from './entities/api-meter-report.entity';

const DAY_MS = 86_400_000;
/** Stripe takes meter events up to 35 days old; the ledger is read a day short of that. */
const REPORTED_DAYS = 34;

/** What one ledger row counts in a unit: the calls that answered (failed ones are not charged), or tokens. */
type LedgerDay = BuyerKeyUse['days'][number];

function valueOf(row: LedgerDay, unit: MeteredUnit): number {
  if (unit === 'calls') return row.requests - row.errors;
  return unit === 'input_tokens' ? row.inputTokens : row.outputTokens;
}

/** Minor units per unit of use, as Stripe's unit_amount_decimal: a price per 1,000 calls or per million tokens, divided. */
function unitAmountOf(cents: number, per: number): string {
  const digits = String(per).length - 1;
  return (cents / per).toFixed(digits).replace(/\.?0+$/, '') || '0';
}

/**
 * Stripe mode (issue 36, item 3): sends the use of bought keys to Stripe Billing. Each published
 * agent sold has a Billing Meter per unit (calls, input tokens, output tokens) and, for each month's
 * prices, a metered price on each; each buyer is a Stripe customer (the payments customer they
 * saved their card with) with one subscription carrying the metered prices of the agents they use,
 * anchored to the first of the month, so that Stripe invoices each calendar month of use and
 * charges the default card. This is what Stripe Billing documents for usage-based billing (meters,
 * metered prices, subscriptions), and it leaves invoicing, retries and dunning to Stripe; invoice
 * items added at month end would make us the billing engine.
 *
 * Use is reported as the difference between the ledger (api_key_usage) and what was reported
 * already, as meter events written to an outbox before they are sent (ApiMeterReport), each with a
 * deterministic identifier that is also the request's idempotency key: a run that dies between
 * sending and marking resends the same events, which Stripe counts once.
 */
@Injectable()
export class StripeUsageReporter {
  private readonly logger = new Logger('ApiBilling');
  private readonly currency: string;

  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @InjectRepository(ApiMeter) private readonly meters: Repository<ApiMeter>,
    @InjectRepository(ApiMeteredPrice) private readonly meteredPrices: Repository<ApiMeteredPrice>,
    @InjectRepository(ApiMeterReport) private readonly reports: Repository<ApiMeterReport>,
    @InjectRepository(ApiBillingAccount) private readonly accounts: Repository<ApiBillingAccount>,
    private readonly payments: PaymentsService,
    private readonly priceBook: ApiPriceBook,
    private readonly ledger: BuyerUsageLedger,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.currency = config.payments.currency;
  }

  /** One run: buyers subscribed to the current prices, new use written to the outbox, the outbox sent. Answers the events sent. */
  async report(now = new Date()): Promise<{ sent: number }> {
    const billing = meteredBillingOf(this.gateway);
    if (!billing) return { sent: 0 };
    await this.ledger.flush();
    const buyers = new Map<string, BuyerKeyUse[]>();
    for (const key of await this.ledger.useSince(new Date(now.getTime() - REPORTED_DAYS * DAY_MS).toISOString().slice(0, 10))) {
      buyers.set(key.buyerSub, [...(buyers.get(key.buyerSub) ?? []), key]);
    }
    for (const [buyerSub, buyer] of buyers) {
      try {
        await this.prepare(billing, buyerSub, buyer, now);
      } catch (error) {
        this.logger.warn(`No se pudo preparar la facturación de la API de ${buyerSub}: ${(error as Error).message}`);
      }
    }
    return { sent: await this.sendOutbox(billing) };
  }

  private async prepare(billing: MeteredBilling, buyerSub: string, keys: BuyerKeyUse[], now: Date): Promise<void> {
    const [customer] = await this.payments.customersOf([buyerSub]);
    // A bought key needs a saved card, so a customer; one erased since has nothing left to bill.
    if (!customer) return;
    const month = monthOf(now.getTime());
    const priceIds: string[] = [];
    for (const publicationId of new Set(keys.map((key) => key.publicationId))) priceIds.push(...(await this.pricesOf(billing, publicationId, month)));
    let subscribedAt: number | null;
    try {
      subscribedAt = await this.subscribe(billing, buyerSub, customer.customerId, priceIds.sort());
    } catch (error) {
      // The use is still sent: the meters keep it by its time, for when the subscription carries its prices.
      this.logger.warn(`No se pudo suscribir a ${buyerSub} a los precios de uso de la API: ${(error as Error).message}`);
      subscribedAt = (await this.accounts.findOneBy({ buyerSub }))?.subscribedAt ?? null;
    }
    for (const key of keys) {
      const meters = await this.metersOf(billing, key.publicationId);
      for (const row of key.days) {
        for (const unit of METERED_UNITS) await this.queue(key.keyId, row, unit, meters.get(unit) as ApiMeter, customer.customerId, now, subscribedAt);
      }
    }
  }

  /** The metered prices (one per unit) of the publication's prices for `month`, made once. */
  private async pricesOf(billing: MeteredBilling, publicationId: string, month: string): Promise<string[]> {
    const prices = await this.priceBook.forMonth(publicationId, month);
    if (!prices) return [];
    const meters = await this.metersOf(billing, publicationId);
    const ids: string[] = [];
    for (const unit of METERED_UNITS) {
      let row = await this.meteredPrices.findOneBy({ publicationId, unit, fromMonth: prices.fromMonth });
      if (!row) {
        const meter = meters.get(unit) as ApiMeter;
        const [cents, per] = unit === 'calls' ? [prices.per1000Calls, 1_000] : [unit === 'input_tokens' ? prices.perMillionInputTokens : prices.perMillionOutputTokens, 1_000_000];
        const created = await billing.createMeteredPrice({
          productId: meter.productId,
          meterId: meter.meterId,
          unitAmountDecimal: unitAmountOf(cents, per),
          currency: this.currency,
          nickname: `${unit} ${prices.fromMonth}`,
        });
        row = { publicationId, unit, fromMonth: prices.fromMonth, priceId: created.id };
        await this.meteredPrices.upsert(row, ['publicationId', 'unit', 'fromMonth']);
      }
      ids.push(row.priceId);
    }
    return ids;
  }

  /** The publication's product and its three meters, made once. */
  private async metersOf(billing: MeteredBilling, publicationId: string): Promise<Map<MeteredUnit, ApiMeter>> {
    let rows = await this.meters.findBy({ publicationId });
    if (rows.length < METERED_UNITS.length) {
      const publication = (await this.ledger.publicationsById([publicationId])).get(publicationId) as SoldPublication;
      const productId =
        rows[0]?.productId ??
        (await this.gateway.createProduct({ name: `API de ${publication.name}`, description: '', metadata: { publicationId, agentId: publication.agentId, kind: 'api-use' } })).id;
      for (const unit of METERED_UNITS.filter((candidate) => !rows.some((row) => row.unit === candidate))) {
        const eventName = `nova_api_${publicationId.replace(/-/g, '')}_${unit}`;
        const meter = await billing.createMeter({ displayName: `${publication.name}: ${unit}`, eventName });
        await this.meters.upsert({ publicationId, unit, meterId: meter.id, eventName, productId }, ['publicationId', 'unit']);
      }
      rows = await this.meters.findBy({ publicationId });
    }
    return new Map(rows.map((row) => [row.unit, row]));
  }

  /**
   * The buyer's one subscription, on exactly these prices (a new month's prices replace the last).
   * Answers when it began (seconds): Stripe bills a period's events only, so none may be older.
   */
  private async subscribe(billing: MeteredBilling, buyerSub: string, customerId: string, priceIds: string[]): Promise<number | null> {
    await this.accounts.createQueryBuilder().insert().into(ApiBillingAccount).values({ buyerSub, subscriptionId: null, subscribedPrices: '', subscribedAt: null }).orIgnore().execute();
    const account = await this.accounts.findOneByOrFail({ buyerSub });
    const wanted = priceIds.join(',');
    if (priceIds.length === 0 || account.subscribedPrices === wanted) return account.subscribedAt;
    if (!account.subscriptionId) {
      const subscription = await billing.createMeteredSubscription({ customerId, priceIds, idempotencyKey: `api-billing-${buyerSub}`, metadata: { userSub: buyerSub, kind: 'api-use' } });
      const subscribedAt = Math.floor(subscription.createdAt.getTime() / 1000);
      await this.accounts.update({ buyerSub }, { subscriptionId: subscription.id, subscribedPrices: wanted, subscribedAt });
      return subscribedAt;
    }
    await billing.setMeteredPrices(account.subscriptionId, priceIds);
    await this.accounts.update({ buyerSub }, { subscribedPrices: wanted });
    return account.subscribedAt;
  }

  /** Writes the use not reported yet of one ledger row and unit as the next event of its sequence. */
  private async queue(keyId: string, row: LedgerDay, unit: MeteredUnit, meter: ApiMeter, customerId: string, now: Date, subscribedAt: number | null): Promise<void> {
    const reported = await this.reports.find({ select: { value: true, sequence: true }, where: { keyId, day: row.day, unit } });
    const value = valueOf(row, unit) - reported.reduce((sum, report) => sum + report.value, 0);
    if (value <= 0) return;
    const sequence = reported.length;
    // Within the ledger's day (Stripe bills an event in the period of its timestamp), never in the
    // future, and never before the subscription began (use of the day it began, before it did).
    const timestamp = Math.max(Math.floor(Math.min(now.getTime(), Date.parse(`${row.day}T23:59:59Z`)) / 1000), subscribedAt ?? 0);
    await this.reports
      .createQueryBuilder()
      .insert()
      .into(ApiMeterReport)
      .values({ id: `${keyId}:${row.day}:${unit}:${sequence}`, keyId, day: row.day, unit, sequence, value, eventName: meter.eventName, customerId, timestamp, sentAt: null })
      .orIgnore()
      .execute();
  }

  /** Sends every event not known to be sent, oldest first; one that fails is sent again (same identifier) next run. */
  private async sendOutbox(billing: MeteredBilling): Promise<number> {
    const unsent = await this.reports.find({ where: { sentAt: IsNull() }, order: { timestamp: 'ASC', id: 'ASC' } });
    let sent = 0;
    for (const report of unsent) {
      try {
        await billing.sendMeterEvent({ eventName: report.eventName, customerId: report.customerId, value: report.value, identifier: report.id, timestamp: report.timestamp });
      } catch (error) {
        this.logger.warn(`No se pudo enviar a Stripe el uso ${report.id}: ${(error as Error).message}`);
        break;
      }
      await this.reports.update({ id: report.id }, { sentAt: new Date() });
      sent += 1;
    }
    return sent;
  }
}
