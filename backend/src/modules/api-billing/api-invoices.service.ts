import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, type Repository } from 'typeorm';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { AuditLog } from '../audit/audit-log.service';
import { demoChargesOf, PAYMENT_GATEWAY, type GatewayEvent, type GatewayInvoice, type PaymentGateway } from '../payments/gateway/payment-gateway';
import { PaymentsService } from '../payments/payments.service';
import { PayoutsService } from '../payments/payouts/payouts.service';
import { BuyerSuspensions } from '../publications/buyer-suspensions';
import { BuyerUsageLedger } from '../publications/buyer-usage-ledger';
import { monthOf } from '../publications/key-quotas';
import type { ApiInvoicesDto } from './dto/api-invoices.dto';
import { ApiBillingAccount } from './entities/api-billing-account.entity';
import { ApiInvoice, type ApiInvoiceLine } from './entities/api-invoice.entity';

/** A failed demo invoice is charged again at most this often (Stripe retries on its own schedule). */
export const DEMO_RETRY_EVERY_MS = 60 * 60 * 1000;

const toLineDto = ({ publicationId: _publicationId, ...line }: ApiInvoiceLine) => line;

/**
 * A buyer's monthly invoices of API use (issue 36, item 3), and what follows from each: a paid
 * invoice books each creator's share (less PLATFORM_FEE_PERCENT) in the creators' ledger, paid
 * out through Connect as bundle shares are; a failed one suspends all the buyer's bought keys
 * (402) until it is paid. Suspensions and reinstatements are audited. With Stripe, the invoices
 * are Stripe's (invoice.paid / invoice.payment_failed); in demo mode they are made here when a
 * month ends and charged to the buyer's default demo card.
 */
@Injectable()
export class ApiInvoices {
  private readonly currency: string;

  constructor(
    @InjectRepository(ApiInvoice) private readonly invoices: Repository<ApiInvoice>,
    @InjectRepository(ApiBillingAccount) private readonly accounts: Repository<ApiBillingAccount>,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly ledger: BuyerUsageLedger,
    private readonly suspensions: BuyerSuspensions,
    private readonly payments: PaymentsService,
    private readonly payouts: PayoutsService,
    private readonly audit: AuditLog,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.currency = config.payments.currency.toLowerCase();
  }

  /** GET /me/api-invoices: the caller's invoices, newest month first, after this month's draft (when there was use). */
  async listFor(identity: VerifiedIdentity): Promise<ApiInvoicesDto> {
    await this.ledger.flush();
    const month = monthOf(Date.now());
    const stored = await this.invoices.find({ where: { buyerSub: identity.sub }, order: { month: 'DESC' } });
    const items = stored.map((invoice) => ({
      id: invoice.id,
      month: invoice.month,
      status: invoice.status,
      total: invoice.total,
      currency: invoice.currency,
      hostedInvoiceUrl: invoice.hostedInvoiceUrl,
      lines: invoice.lines.map(toLineDto),
    }));
    if (!stored.some((invoice) => invoice.month === month)) {
      const lines = await this.ledger.linesOf(identity.sub, month);
      if (lines.length > 0) {
        items.unshift({ id: `draft-${month}`, month, status: 'draft', total: sumOf(lines), currency: this.currency, hostedInvoiceUrl: null, lines: lines.map(toLineDto) });
      }
    }
    return { items };
  }

  // Demo mode.

  /**
   * Demo mode: each buyer who used a bought key in `month` gets its invoice (once), charged to their
   * default demo card; failed invoices are charged again, at most every DEMO_RETRY_EVERY_MS (the
   * buyer may have changed cards). Answers the invoices charged.
   */
  async invoiceDemoMonth(month: string, now = new Date()): Promise<ApiInvoice[]> {
    const charges = demoChargesOf(this.gateway);
    if (!charges) return [];
    await this.ledger.flush();
    const charged: ApiInvoice[] = [];
    for (const buyerSub of await this.ledger.buyersOf(month)) {
      if (await this.invoices.existsBy({ buyerSub, month })) continue;
      const lines = await this.ledger.linesOf(buyerSub, month);
      const invoice = this.invoices.create({
        id: randomUUID(),
        buyerSub,
        month,
        status: 'open',
        total: sumOf(lines),
        currency: this.currency,
        provider: 'demo',
        gatewayInvoiceId: null,
        hostedInvoiceUrl: null,
        lines,
        chargeAttempts: 0,
        paidAt: null,
        updatedAt: now,
      });
      await this.invoices.createQueryBuilder().insert().into(ApiInvoice).values(invoice).orIgnore().execute();
      // Another instance made the buyer's invoice of the month first: it charges it.
      if (!(await this.invoices.existsBy({ id: invoice.id }))) continue;
      charged.push(await this.chargeDemo(invoice, now));
    }
    const failed = await this.invoices.find({ where: { provider: 'demo', status: 'payment_failed', updatedAt: LessThan(new Date(now.getTime() - DEMO_RETRY_EVERY_MS)) } });
    for (const invoice of failed) charged.push(await this.chargeDemo(invoice, now));
    return charged;
  }

  /** Charges a demo invoice now, with a new idempotency key per attempt. */
  private async chargeDemo(invoice: ApiInvoice, now = new Date()): Promise<ApiInvoice> {
    const charges = demoChargesOf(this.gateway);
    if (!charges || invoice.status === 'paid') return invoice;
    const attempt = invoice.chargeAttempts + 1;
    await this.invoices.update({ id: invoice.id }, { chargeAttempts: attempt, updatedAt: now });
    const [customer] = await this.payments.customersOf([invoice.buyerSub]);
    const paid =
      invoice.total === 0 ||
      (customer !== undefined && (await charges.chargeDefaultCard({ customerId: customer.customerId, amount: invoice.total, currency: invoice.currency, idempotencyKey: `api-invoice-${invoice.id}-${attempt}` })).paid);
    const stored = { ...invoice, chargeAttempts: attempt, updatedAt: now };
    return paid ? this.markPaid(stored, now) : this.markFailed(stored, now);
  }

  // Stripe mode.

  /**
   * An invoice.paid or invoice.payment_failed of the subscription of a buyer of API use; false when
   * the invoice is not one of theirs (the payments webhook handles it). The subscription's first
   * invoice (nothing used yet) is not a month of use.
   */
  async applyInvoiceEvent(event: GatewayEvent): Promise<boolean> {
    const remote = event.invoice;
    if (!remote?.subscriptionId || (event.type !== 'invoice.paid' && event.type !== 'invoice.payment_failed')) return false;
    const account = await this.accounts.findOneBy({ subscriptionId: remote.subscriptionId });
    if (!account) return false;
    if (remote.billingReason === 'subscription_create') return true;
    const invoice = await this.mirror(account.buyerSub, remote, event.createdAt);
    if (event.type === 'invoice.paid') await this.markPaid(invoice, event.createdAt);
    else if (invoice.status !== 'paid') await this.markFailed(invoice, event.createdAt);
    return true;
  }

  /** Our row of Stripe's invoice: the month of use it bills, Stripe's total and page, our ledger's lines. */
  private async mirror(buyerSub: string, remote: GatewayInvoice, at: Date): Promise<ApiInvoice> {
    const known = await this.invoices.findOneBy({ gatewayInvoiceId: remote.id });
    if (known) return known;
    const month = monthOf(remote.periodStart.getTime());
    await this.ledger.flush();
    const row = this.invoices.create({
      id: randomUUID(),
      buyerSub,
      month,
      status: 'open',
      total: remote.total,
      currency: remote.currency || this.currency,
      provider: 'stripe',
      gatewayInvoiceId: remote.id,
      hostedInvoiceUrl: remote.hostedInvoiceUrl,
      lines: await this.ledger.linesOf(buyerSub, month),
      chargeAttempts: 0,
      paidAt: null,
      updatedAt: at,
    });
    await this.invoices.createQueryBuilder().insert().into(ApiInvoice).values(row).orIgnore().execute();
    return (await this.invoices.findOneBy({ gatewayInvoiceId: remote.id })) ?? (await this.invoices.findOneByOrFail({ buyerSub, month }));
  }

  // Either mode.

  private async markPaid(invoice: ApiInvoice, at: Date): Promise<ApiInvoice> {
    const updated = await this.invoices.update({ id: invoice.id, status: In(['open', 'payment_failed', 'draft']) }, { status: 'paid', paidAt: at, updatedAt: at });
    // Already paid (a webhook delivered twice, or two instances): booked once.
    if (updated.affected) await this.bookCreatorShares(invoice, at);
    await this.reinstate(invoice.buyerSub, invoice.id);
    return { ...invoice, status: 'paid', paidAt: at };
  }

  private async markFailed(invoice: ApiInvoice, at: Date): Promise<ApiInvoice> {
    await this.invoices.update({ id: invoice.id, status: In(['open', 'payment_failed', 'draft']) }, { status: 'payment_failed', updatedAt: at });
    await this.suspend(invoice, at);
    return { ...invoice, status: 'payment_failed' };
  }

  /** Each agent's part of the invoice falls to its creator, less the platform's fee (PayoutsService). */
  private async bookCreatorShares(invoice: ApiInvoice, at: Date): Promise<void> {
    const gross = new Map<string, number>();
    for (const line of invoice.lines) gross.set(line.publicationId, (gross.get(line.publicationId) ?? 0) + line.amount);
    const publications = await this.ledger.publicationsById([...gross.keys()]);
    await this.payouts.recordApiInvoice({
      invoiceId: invoice.id,
      buyerSub: invoice.buyerSub,
      provider: invoice.provider,
      currency: invoice.currency,
      total: invoice.total,
      paidAt: at,
      shares: [...publications.values()].map((publication) => ({ agentId: publication.agentId, agentName: publication.name, creatorSub: publication.ownerSub, gross: gross.get(publication.id) ?? 0 })),
    });
  }

  private async suspend(invoice: ApiInvoice, at: Date): Promise<void> {
    if (!(await this.suspensions.suspend(invoice.buyerSub, invoice.id, at))) return;
    await this.audit.recordAfterTheFact({
      actorSub: 'system',
      action: 'api-keys.suspend',
      target: `user:${invoice.buyerSub}`,
      before: { suspended: false },
      after: { suspended: true, invoiceId: invoice.id, month: invoice.month, total: invoice.total, currency: invoice.currency },
    });
  }

  /** Once none of the buyer's invoices is left unpaid, their keys work again. */
  private async reinstate(buyerSub: string, paidInvoiceId: string): Promise<void> {
    if ((await this.invoices.countBy({ buyerSub, status: 'payment_failed' })) > 0) return;
    const lifted = await this.suspensions.reinstate(buyerSub);
    if (!lifted) return;
    await this.audit.recordAfterTheFact({
      actorSub: 'system',
      action: 'api-keys.reinstate',
      target: `user:${buyerSub}`,
      before: { suspended: true, invoiceId: lifted.invoiceId },
      after: { suspended: false, paidInvoiceId },
    });
  }
}

function sumOf(lines: Pick<ApiInvoiceLine, 'amount'>[]): number {
  return lines.reduce((sum, line) => sum + line.amount, 0);
}
