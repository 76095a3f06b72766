import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThan, MoreThan, Not, Repository } from 'typeorm';
import { isAdmin } from '../../../common/access/access-policy';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { AgentsService } from '../../agents/agents.service';
import { AuditLog } from '../../audit/audit-log.service';
import { Leases } from '../../../database/leases/leases';
import type { Agent } from '../../agents/entities/agent.entity';
import { EcosystemsService } from '../../ecosystems/ecosystems.service';
import type { Ecosystem } from '../../ecosystems/entities/ecosystem.entity';
import { namesCaller, type VerifiedIdentity } from '../../../common/auth/id-token-verifier';
import type { Subscription } from '../../subscriptions/entities/subscription.entity';
import { UsersService } from '../../users/users.service';
import { PAYMENT_GATEWAY, TransferRefusedError, type GatewayConnectedAccount, type GatewayProration, type PaymentGateway, type PaymentProvider } from '../gateway/payment-gateway';
import { BundleUsageReader, periodOf } from './bundle-usage.reader';
import type { ConnectedAccountDto, EarningsDto, OnboardingLinkDto, SettledShareDto, SettlementDto } from './dto/payouts.dto';
import { CreatorAccount } from './entities/creator-account.entity';
import { CreatorLedgerEntry, type SplitBasis } from './entities/creator-ledger-entry.entity';
import { toBundleShares, toConnectedAccountDto, toEarningsMonths } from './payouts.mapper';
import { EarningsForbiddenError } from './payouts.errors';

/** Where a creator lands after Stripe's onboarding (and where an expired link sends them back to). */
const EARNINGS_PATH = '/mi-perfil?tab=EARNINGS';

/** Reads agents whoever owns them: the ledger names the agents a subscriber paid for. */
const SYSTEM: VerifiedIdentity = { sub: 'payouts-system', username: 'system', email: 'system@localhost', role: 'admin' } as VerifiedIdentity;

/**
 * Creators get paid (issue 14). A creator connects an account (Stripe Express; a local one in
 * demo mode). A subscription to a creator's agent is a destination charge to that account, less
 * the platform's fee (PLATFORM_FEE_PERCENT). Every paid period of every subscription is written to
 * the ledger per agent and month; a bundle is charged to the platform and each of its payments is
 * split among its agents' creators (issue 29): first, the creator of another's agent sold in a
 * user's bundle gets the minimum they asked for it; the rest by that subscriber's own use of each
 * agent that month (a creator's use of their own agent counts for nothing; without use, by the
 * agents' list prices), minimums and list prices as they were when the subscriber bought the
 * bundle, the split and its basis kept on the rows. In demo mode the ledger is the same and no
 * money moves.
 */
@Injectable()
export class PayoutsService {
  private readonly logger = new Logger('Payouts');

  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(CreatorAccount) private readonly accounts: Repository<CreatorAccount>,
    @InjectRepository(CreatorLedgerEntry) private readonly ledger: Repository<CreatorLedgerEntry>,
    private readonly agents: AgentsService,
    private readonly ecosystems: EcosystemsService,
    private readonly users: UsersService,
    private readonly usage: BundleUsageReader,
    private readonly audit: AuditLog,
    private readonly leases: Leases,
  ) {}

  // Connected accounts.

  /**
   * pending until the provider says the account can take charges (account.updated); a creator
   * back from onboarding may be ahead of the webhook, so a pending account is asked about afresh.
   */
  async connectedAccount(identity: VerifiedIdentity): Promise<ConnectedAccountDto> {
    const account = await this.currentAccount(identity.sub);
    if (account && !account.chargesEnabled) await this.refreshStatus(account);
    return toConnectedAccountDto(account, this.gateway.provider);
  }

  /** account.updated: stores what the provider says of the account (unknown accounts are ignored). */
  async applyAccountStatus(status: GatewayConnectedAccount): Promise<void> {
    const stored = await this.accounts.findOneBy({ accountId: status.id });
    if (!stored) return;
    const after = { chargesEnabled: status.chargesEnabled, payoutsEnabled: status.payoutsEnabled, detailsSubmitted: status.detailsSubmitted };
    const before = { chargesEnabled: stored.chargesEnabled, payoutsEnabled: stored.payoutsEnabled, detailsSubmitted: stored.detailsSubmitted };
    await this.accounts.update({ accountId: status.id }, after);
    if (canonical(before) === canonical(after)) return;
    await this.audit.recordAfterTheFact({
      actorSub: 'system',
      action: 'payout.account.status',
      target: `creator-account:${status.id}`,
      before: { ...before, userSub: stored.userSub },
      after: { ...after, userSub: stored.userSub },
    });
  }

  /**
   * The platform's fee (PLATFORM_FEE_PERCENT) is configuration: a start-up with another value than
   * the one last recorded writes the change to the audit log, once whatever the number of instances.
   */
  async auditPlatformFee(): Promise<void> {
    const lease = 'audit:platform-fee';
    const holder = randomUUID();
    if (!(await this.leases.take(lease, 60_000, { holder }))) return;
    try {
      const last = await this.audit.latest('platform.fee', 'platform');
      const previous = (last?.after as { feePercent?: number } | null)?.feePercent ?? null;
      if (previous === this.feePercent) return;
      await this.audit.record({ actorSub: 'system', action: 'platform.fee', target: 'platform', before: { feePercent: previous }, after: { feePercent: this.feePercent } });
    } finally {
      await this.leases.release(lease, holder);
    }
  }

  /** The caller's own account, made once; a fresh onboarding link every time (Stripe's expire). */
  async startOnboarding(identity: VerifiedIdentity): Promise<OnboardingLinkDto> {
    let account = await this.currentAccount(identity.sub);
    if (!account) {
      const created = await this.gateway.createConnectedAccount({ email: identity.email, userSub: identity.sub });
      // An account of the other gateway (the install switched between demo and Stripe) is replaced.
      await this.accounts.delete({ userSub: identity.sub });
      await this.accounts
        .createQueryBuilder()
        .insert()
        .into(CreatorAccount)
        .values({ userSub: identity.sub, accountId: created.id, provider: this.gateway.provider })
        .orIgnore()
        .execute();
      // Two first requests racing: both go on with the one that was stored.
      account = await this.accounts.findOneByOrFail({ userSub: identity.sub });
      if (account.accountId === created.id) {
        await this.audit.recordAfterTheFact({
          actorSub: identity.sub,
          action: 'payout.account.create',
          target: `creator-account:${created.id}`,
          after: { userSub: identity.sub, accountId: created.id, provider: this.gateway.provider },
        });
      }
      // A demo account can take charges at once; a new Stripe account cannot until onboarding ends.
      await this.refreshStatus(account);
    }
    const back = `${this.config.publicUrl}${EARNINGS_PATH}`;
    return this.gateway.createOnboardingLink(account.accountId, back, `${back}&onboarding=refresh`);
  }

  // For the payments service.

  /**
   * The destination of a new subscription: the creator's connected account when the price sells
   * one agent whose creator has one. Bundles are charged to the platform and split in the ledger.
   */
  async destinationFor(item: { itemKind: 'agent' | 'ecosystem'; itemId: string }): Promise<{ accountId: string; applicationFeePercent: number } | undefined> {
    if (item.itemKind !== 'agent') return undefined;
    const owner = (await this.agents.findVisibleMany(SYSTEM, [item.itemId])).get(item.itemId)?.ownerSub;
    if (!owner) return undefined;
    const account = await this.currentAccount(owner);
    // An account that cannot take charges yet (onboarding not finished) would make the provider
    // refuse the payment: the platform takes it, and the ledger keeps the share as not paid out.
    return account?.chargesEnabled ? { accountId: account.accountId, applicationFeePercent: this.feePercent } : undefined;
  }

  /**
   * Writes one paid period of the subscription (on creation, and on each invoice.paid) to the
   * ledger. A period is the calendar month it was paid in: the first invoice's own invoice.paid,
   * arriving after the creation, adds nothing. Never throws: the payment stands whatever happens
   * here, and the failure is logged.
   */
  async recordPaidPeriod(subscription: Subscription, paidAt: Date, destinationAccountId?: string | null): Promise<void> {
    try {
      await this.record(subscription, paidAt, destinationAccountId);
    } catch (error) {
      this.logger.error(`No se pudo anotar el pago de ${subscription.subscriptionId} en el libro de ingresos: ${(error as Error).message}`);
    }
  }

  /**
   * A plan change's proration, invoiced at once: rows of its own in the month it was invoiced,
   * split as a period's payment is (negative when it was a credit). Never throws, as above.
   */
  async recordProration(subscription: Subscription, proration: GatewayProration, invoicedAt: Date): Promise<void> {
    if (!proration.invoiceId) return;
    try {
      await this.record(subscription, invoicedAt, undefined, proration);
    } catch (error) {
      this.logger.error(`No se pudo anotar el prorrateo ${proration.invoiceId} de ${subscription.subscriptionId} en el libro de ingresos: ${(error as Error).message}`);
    }
  }

  /**
   * A buyer's paid monthly invoice of API use (issue 36): each agent's part falls to its creator,
   * less PLATFORM_FEE_PERCENT, as one ledger row per invoice and agent, settled at once (the month
   * is over) and transferred by the payout run as bundle shares are; in demo mode no money moves.
   * Keyed by the invoice: booking it again adds nothing.
   */
  async recordApiInvoice(invoice: {
    invoiceId: string;
    buyerSub: string;
    provider: PaymentProvider;
    currency: string;
    total: number;
    paidAt: Date;
    shares: { agentId: string; agentName: string; creatorSub: string; gross: number }[];
  }): Promise<void> {
    const rows = invoice.shares
      .filter((share) => share.gross > 0)
      .map((share) => {
        const fee = Math.round((share.gross * this.feePercent) / 100);
        return this.ledger.create({
          id: randomUUID(),
          subscriptionId: `api-invoice:${invoice.invoiceId}`,
          subscriberSub: invoice.buyerSub,
          period: periodOf(invoice.paidAt),
          agentId: share.agentId,
          agentName: share.agentName,
          ecosystemId: null,
          ecosystemName: null,
          creatorSub: share.creatorSub,
          currency: invoice.currency,
          provider: invoice.provider,
          demo: invoice.provider === 'demo',
          prorationInvoiceId: '',
          paymentAmount: invoice.total,
          gross: share.gross,
          fee,
          net: share.gross - fee,
          feePercent: this.feePercent,
          splitBasis: 'api',
          destinationAccountId: null,
          paidOut: false,
          transferId: null,
          settled: true,
          paidAt: invoice.paidAt,
        });
      });
    if (rows.length) await this.ledger.createQueryBuilder().insert().into(CreatorLedgerEntry).values(rows).orIgnore().execute();
  }

  // Earnings.

  /** GET /stripe/earnings: the caller's own (an admin may name another user). */
  async earnings(identity: VerifiedIdentity, userId?: string): Promise<EarningsDto> {
    let creatorSub = identity.sub;
    if (userId !== undefined && !namesCaller(identity, userId)) {
      if (!isAdmin(identity)) throw new EarningsForbiddenError();
      creatorSub = await this.users.subjectOf(identity, userId);
    }
    await this.settleOpenBundles(creatorSub);
    const rows = await this.ledger.find({ where: { creatorSub }, order: { period: 'DESC', paidAt: 'ASC' } });
    const bundles = [...new Set(rows.filter((row) => row.ecosystemId).map((row) => `${row.ecosystemId}|${row.period}`))];
    const bundleRows = bundles.length
      ? await this.ledger.find({ where: bundles.map((key) => ({ ecosystemId: key.split('|')[0], period: key.split('|')[1] })) })
      : [];
    return {
      currency: this.config.payments.currency,
      provider: this.gateway.provider,
      feePercent: this.feePercent,
      months: toEarningsMonths(rows),
      bundleShares: toBundleShares(bundleRows),
    };
  }

  // Settlement of bundle shares.

  /**
   * Pays the bundle shares of closed months (hourly, and POST /api-admin/payouts/settle). With
   * Stripe, each share whose creator has a connected account that can take charges becomes one
   * transfer from the platform's balance (idempotency key from the ledger row, so a retry never
   * pays twice), its id kept on the row and the row marked paid out. A creator without such an
   * account, or a transfer the provider refuses, leaves the row unpaid for the next run. In demo
   * mode no money moves: nothing is paid out.
   */
  async settleBundleShares(): Promise<SettlementDto> {
    const provider = this.gateway.provider;
    if (provider === 'demo') return { provider, paid: [], pending: 0 };
    await this.settleOpenBundles();
    const owed = { provider, demo: false, settled: true, paidOut: false, creatorSub: Not(IsNull()), net: MoreThan(0) };
    // Bundle shares, and the creators' shares of buyers' paid invoices of API use (issue 36), which the platform collected.
    const due = await this.ledger.find({
      where: [
        { ...owed, ecosystemId: Not(IsNull()) },
        { ...owed, splitBasis: 'api' as const },
      ],
      order: { period: 'ASC', paidAt: 'ASC', agentId: 'ASC' },
    });
    const accounts = new Map<string, CreatorAccount | null>();
    const paid: SettledShareDto[] = [];
    let pending = 0;
    for (const row of due) {
      const creatorSub = row.creatorSub as string;
      if (!accounts.has(creatorSub)) {
        const account = await this.currentAccount(creatorSub);
        if (account && !account.chargesEnabled) await this.refreshStatus(account);
        accounts.set(creatorSub, account);
      }
      const account = accounts.get(creatorSub);
      if (!account?.chargesEnabled) {
        pending += 1;
        continue;
      }
      try {
        const transfer = await this.gateway.createTransfer({
          amount: row.net,
          currency: row.currency,
          destinationAccountId: account.accountId,
          // The same key on every retry, so that a transfer whose answer was lost is never made twice;
          // a new one only after the provider refused outright (nothing moved).
          idempotencyKey: `ledger-transfer-${row.id}${row.transferAttempts ? `-${row.transferAttempts}` : ''}`,
          metadata: { ledgerEntryId: row.id, ...(row.ecosystemId ? { ecosystemId: row.ecosystemId } : {}), period: row.period, agentId: row.agentId },
        });
        const updated = await this.ledger.update({ id: row.id, paidOut: false }, { paidOut: true, transferId: transfer.id, destinationAccountId: account.accountId });
        // Another run paid it meanwhile (same idempotency key: the same transfer): not reported twice.
        if (!updated.affected) continue;
        await this.audit.recordAfterTheFact({
          actorSub: 'system',
          action: 'payout.transfer',
          target: `ledger-entry:${row.id}`,
          before: { paidOut: false, amount: row.net, currency: row.currency },
          after: { paidOut: true, amount: row.net, currency: row.currency, transferId: transfer.id, destinationAccountId: account.accountId, creatorSub },
        });
        paid.push({
          ledgerEntryId: row.id,
          ecosystemId: row.ecosystemId ?? '',
          month: row.period,
          agentId: row.agentId,
          creatorSub,
          destinationAccountId: account.accountId,
          transferId: transfer.id,
          amount: row.net / 100,
          currency: row.currency,
        });
      } catch (error) {
        pending += 1;
        if (error instanceof TransferRefusedError) await this.ledger.update({ id: row.id, paidOut: false }, { transferAttempts: row.transferAttempts + 1 });
        this.logger.warn(`No se pudo transferir la parte ${row.id} del paquete ${row.ecosystemId} (${row.period}): ${(error as Error).message}`);
      }
    }
    return { provider, paid, pending };
  }

  // Rules.

  private get feePercent(): number {
    return this.config.payments.platformFeePercent;
  }

  /** Asks the provider whether the account can take charges yet; on failure the stored status stands. */
  private async refreshStatus(account: CreatorAccount): Promise<void> {
    try {
      const status = await this.gateway.retrieveConnectedAccount(account.accountId);
      if (status.chargesEnabled === account.chargesEnabled && status.payoutsEnabled === account.payoutsEnabled && status.detailsSubmitted === account.detailsSubmitted) return;
      await this.applyAccountStatus(status);
      Object.assign(account, { chargesEnabled: status.chargesEnabled, payoutsEnabled: status.payoutsEnabled, detailsSubmitted: status.detailsSubmitted });
    } catch (error) {
      this.logger.warn(`No se pudo consultar la cuenta conectada ${account.accountId}: ${(error as Error).message}`);
    }
  }

  private async currentAccount(userSub: string): Promise<CreatorAccount | null> {
    const account = await this.accounts.findOneBy({ userSub });
    return account && account.provider === this.gateway.provider ? account : null;
  }

  /** A period's payment, or with `proration` a plan change's (which may be a credit: negative). */
  private async record(subscription: Subscription, paidAt: Date, destinationAccountId?: string | null, proration?: GatewayProration): Promise<void> {
    const period = periodOf(paidAt);
    const prorationInvoiceId = proration?.invoiceId ?? '';
    if (await this.ledger.existsBy({ subscriptionId: subscription.subscriptionId, period, prorationInvoiceId })) return;
    const paymentAmount = proration ? proration.amount : Math.round(Number(subscription.price) * 100);
    if (proration ? paymentAmount === 0 : paymentAmount <= 0) return;
    // Later periods go where the first one went: the destination is fixed when subscribing.
    const destination =
      destinationAccountId !== undefined
        ? destinationAccountId
        : ((await this.ledger.findOne({ where: { subscriptionId: subscription.subscriptionId }, order: { paidAt: 'ASC' } }))?.destinationAccountId ?? null);
    const agentIds = subscription.isBundle ? [...new Set(subscription.agents ?? [])] : subscription.agentId ? [subscription.agentId] : [];
    if (agentIds.length === 0) return;
    const agents = await this.agents.findVisibleMany(SYSTEM, agentIds);
    const terms = subscription.isBundle ? await this.termsWhenBought(subscription, agents) : new Map<string, SaleTerms>();
    const demo = this.gateway.provider === 'demo';
    const rows = agentIds.map((agentId) =>
      this.ledger.create({
        id: randomUUID(),
        subscriptionId: subscription.subscriptionId,
        subscriberSub: subscription.userSub,
        period,
        prorationInvoiceId,
        agentId,
        agentName: nameOf(agents.get(agentId), agentId),
        ecosystemId: subscription.isBundle ? subscription.ecosystemId : null,
        ecosystemName: subscription.isBundle ? (subscription.products?.[0]?.name ?? null)?.slice(0, 200) ?? null : null,
        creatorSub: agents.get(agentId)?.ownerSub ?? null,
        currency: this.config.payments.currency,
        provider: this.gateway.provider,
        demo,
        paymentAmount,
        feePercent: this.feePercent,
        destinationAccountId: subscription.isBundle ? null : destination,
        // Only a Stripe destination charge puts the money in the creator's account; bundles wait for their split.
        paidOut: !demo && !subscription.isBundle && Boolean(destination),
        settled: !subscription.isBundle || !subscription.ecosystemId,
        paidAt,
        ...EMPTY_SPLIT,
        listPrice: terms.get(agentId)?.listPrice ?? 0,
        minimumPrice: terms.get(agentId)?.minimumPrice ?? 0,
      }),
    );
    await this.splitPayment(rows);
    await this.ledger.createQueryBuilder().insert().into(CreatorLedgerEntry).values(rows).orIgnore().execute();
  }

  /**
   * Each agent's monthly list price and minimum in cents as the subscriber's first paid period of
   * the bundle recorded them, else the agent's now: a creator who raises a price or a minimum later
   * does not change the split of those who already bought the bundle. (Rows from before minimums
   * were recorded took the agents' minimums when the column was added.)
   */
  private async termsWhenBought(subscription: Subscription, agents: Map<string, Agent>): Promise<Map<string, SaleTerms>> {
    const { subscriptionId } = subscription;
    const first = await this.ledger.findOne({ select: { period: true }, where: { subscriptionId }, order: { period: 'ASC' } });
    const recorded = first ? await this.ledger.find({ select: { agentId: true, listPrice: true, minimumPrice: true }, where: { subscriptionId, period: first.period } }) : [];
    const ecosystem = subscription.ecosystemId ? (await this.ecosystems.findVisibleMany(SYSTEM, [subscription.ecosystemId])).get(subscription.ecosystemId) : undefined;
    const terms = new Map([...agents.values()].map((agent) => [agent.id, { listPrice: cents(agent.price), minimumPrice: owedMinimum(agent, ecosystem) }]));
    for (const row of recorded) terms.set(row.agentId, { listPrice: row.listPrice, minimumPrice: row.minimumPrice });
    return terms;
  }

  /**
   * Recomputes the split of the creator's bundle payments whose month is still open (and closes
   * those that ended); without a creator, closes every bundle payment whose month ended.
   */
  private async settleOpenBundles(creatorSub?: string): Promise<void> {
    const current = periodOf(new Date());
    const open = await this.ledger.find({
      select: { subscriptionId: true, period: true, prorationInvoiceId: true },
      where: creatorSub ? { creatorSub, settled: false } : { settled: false, period: LessThan(current) },
    });
    const payments = new Map(open.map((row) => [`${row.subscriptionId}|${row.period}|${row.prorationInvoiceId}`, row]));
    for (const { subscriptionId, period, prorationInvoiceId } of payments.values()) {
      const rows = await this.ledger.find({ where: { subscriptionId, period, prorationInvoiceId } });
      if (!rows[0]?.ecosystemId || rows.some((row) => row.settled)) continue;
      await this.splitPayment(rows);
      for (const row of rows) row.settled = period < current;
      await this.ledger.save(rows);
    }
  }

  /**
   * Shares one payment among its rows (one per agent). A subscription to one agent: all of it. A
   * bundle: first each row's minimum (a period's payment only; a proration has none), then the
   * rest by its subscriber's replies from each agent that month, a creator's own agent's replies
   * to them not counted; without such replies, by the agents' list prices (a free agent gets
   * nothing); when every agent is free, in equal shares.
   */
  private async splitPayment(rows: CreatorLedgerEntry[]): Promise<void> {
    const [first] = rows;
    if (!first) return;
    const none = rows.map(() => 0);
    if (!first.ecosystemId) return applySplit(rows, rows.length === 1 ? 'single' : 'equal', rows.map(() => 1), none, none);
    const minimums = first.prorationInvoiceId === '' ? rows.map((row) => row.minimumPrice) : none;
    const replies = await this.usage.repliesByAgent(first.ecosystemId, first.subscriberSub, first.period);
    const counted = rows.map((row) => (row.creatorSub === row.subscriberSub ? 0 : (replies.get(row.agentId) ?? 0)));
    if (counted.some((count) => count > 0)) return applySplit(rows, 'usage', counted, counted, minimums);
    if (rows.some((row) => row.listPrice > 0)) return applySplit(rows, 'price', rows.map((row) => row.listPrice), counted, minimums);
    applySplit(rows, 'equal', rows.map(() => 1), counted, minimums);
  }
}

/**
 * Writes the split on the rows, to the cent: the platform's fee is taken once from the whole
 * payment (PLATFORM_FEE_PERCENT, rounded to the cent). The minimums come first, each whole as the
 * row's gross (all of them in proportion should they add up to more than the payment), bearing
 * the fee on their sum, shared among them by their size. What is left for the creators and the
 * rest of the fee are each shared by the weights. Every sharing gives each row its whole cents and
 * the cents left over one by one to the largest remainders (ties: the row's agent id, lowest
 * first); a row's gross is its net plus its fee. The rows' nets add up to the payment less the fee,
 * and their gross to the payment.
 */
function applySplit(rows: CreatorLedgerEntry[], basis: SplitBasis, weights: number[], replies: number[], minimums: number[]): void {
  const amount = rows[0].paymentAmount;
  const feePercent = rows[0].feePercent;
  const fee = Math.round((amount * feePercent) / 100);
  const order = rows.map((row, index) => ({ row, index })).sort((a, b) => a.row.agentId.localeCompare(b.row.agentId));
  const owed = order.map(({ index }) => minimums[index]);
  const totalOwed = owed.reduce((a, b) => a + b, 0);
  const guaranteed = totalOwed <= 0 ? owed.map(() => 0) : totalOwed <= amount ? owed : shareByWeights(amount, owed);
  const guaranteedTotal = guaranteed.reduce((a, b) => a + b, 0);
  const guaranteedFee = Math.round((guaranteedTotal * feePercent) / 100);
  const guaranteedFees = guaranteedTotal > 0 ? shareByWeights(guaranteedFee, guaranteed) : guaranteed;
  const ordered = order.map(({ index }) => weights[index]);
  const nets = shareByWeights(amount - guaranteedTotal - (fee - guaranteedFee), ordered);
  const fees = shareByWeights(fee - guaranteedFee, ordered);
  const totalReplies = replies.reduce((a, b) => a + b, 0);
  order.forEach(({ row, index }, position) => {
    row.net = guaranteed[position] - guaranteedFees[position] + nets[position];
    row.fee = guaranteedFees[position] + fees[position];
    row.gross = row.net + row.fee;
    row.splitBasis = guaranteed[position] > 0 && nets[position] + fees[position] === 0 ? 'minimum' : basis;
    row.agentMessages = replies[index];
    row.bundleMessages = totalReplies;
    row.bundleAgents = rows.length;
  });
}

/** `amount` cents shared by the weights: whole cents each, the rest one by one to the largest remainders (earlier first on a tie). */
function shareByWeights(amount: number, weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight) => (amount * weight) / total);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    parts[index] += 1;
    left -= 1;
  }
  return parts;
}

const EMPTY_SPLIT = { gross: 0, fee: 0, net: 0, splitBasis: 'single' as SplitBasis, agentMessages: 0, bundleMessages: 0, bundleAgents: 1 };

/** What a bundle's payment owes an agent's creator when the subscriber buys it, in cents. */
interface SaleTerms {
  listPrice: number;
  minimumPrice: number;
}

/**
 * The minimum a creator asked for letting others sell their paid agent (issue 29), owed when the
 * agent is sold in a user's bundle that is not the creator's own; nothing in an admin's bundle
 * (the platform's own) or for a free agent.
 */
function owedMinimum(agent: Agent, ecosystem: Ecosystem | undefined): number {
  if (!ecosystem || ecosystem.madeByAdmin || ecosystem.ownerSub === null || agent.ownerSub === ecosystem.ownerSub) return 0;
  return agent.ecosystemInclusionAllowed && Number(agent.price) > 0 ? cents(agent.ecosystemMinimumPrice) : 0;
}

function cents(amount: number | null | undefined): number {
  return Math.max(0, Math.round(Number(amount ?? 0) * 100));
}

function nameOf(agent: Agent | undefined, agentId: string): string {
  return (agent?.name ?? `Agente ${agentId}`).slice(0, 200);
}

function canonical(value: Record<string, unknown>): string {
  return JSON.stringify(Object.keys(value).sort().map((key) => [key, value[key]]));
}
