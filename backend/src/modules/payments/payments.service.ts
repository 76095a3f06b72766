import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { isAdmin } from '../../common/access/access-policy';
import { DomainError } from '../../common/errors/domain-error';
import { Leases } from '../../database/leases/leases';
import { AgentsService } from '../agents/agents.service';
import { AuditLog } from '../audit/audit-log.service';
import { EcosystemsService } from '../ecosystems/ecosystems.service';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import type { Subscription, SubscriptionProduct, SubscriptionStatus } from '../subscriptions/entities/subscription.entity';
import { toSubscriptionDto } from '../subscriptions/subscription.mapper';
import type { SubscriptionLookupDto } from '../subscriptions/dto/subscription.dto';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { PaymentsCatalogueService } from './catalogue/payments-catalogue.service';
import { PayoutsService } from './payouts/payouts.service';
import { PurchaseFollowUp } from '../receipts/purchase-follow-up.service';
import type {
  AddCardDto,
  CardDto,
  ChangePreviewDto,
  ClientSecretDto,
  CreateCustomerDto,
  CreatePaymentIntentDto,
  CustomerDto,
  DefaultPaymentMethodDto,
  PaymentMethodChangeDto,
  PaymentMethodsDto,
  PaymentSubscriptionDto,
  PaymentSubscriptionListDto,
  PaymentSubscriptionResponseDto,
  ProductDto,
  ProductTargetDto,
} from './dto/payments.dto';
import { PaymentCustomer } from './entities/payment-customer.entity';
import type { PaymentPrice } from './entities/payment-price.entity';
import { PAYMENT_GATEWAY, type GatewaySubscription, type GatewaySubscriptionStatus, type PaymentGateway } from './gateway/payment-gateway';
import {
  IdempotencyKeyUsedError,
  ImmediateCancelForbiddenError,
  PaymentCustomerMissingError,
  PaymentForbiddenError,
  PaymentResourceNotFoundError,
  PriceNotForSaleError,
  ProductTargetError,
  StoredSubscriptionNotFoundError,
  SubscriptionTransitionError,
  SubscriptionUpdateFailedError,
} from './payments.errors';

/** The gateway's statuses as the store keeps them (spec section 3: active, paused, cancelled; plus past_due). */
export function storedStatus(status: GatewaySubscriptionStatus): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'paused':
      return 'paused';
    case 'canceled':
      return 'cancelled';
    case 'incomplete':
      return 'incomplete';
    default:
      return 'past_due';
  }
}

/** 'cancel' is the subscriber's (at the period's end), 'cancelNow' an admin's. */
type Transition = 'pause' | 'resume' | 'cancel' | 'cancelNow';

/** A subscribe request never takes this long; a lock older than this was left by a crash. */
const LOCK_TTL_MS = 2 * 60 * 1000;

/**
 * The payments calls (spec section 7, under /stripe), each scoped to the caller's own customer:
 * cards, subscriptions and their transitions. Provider first, then store: a failed gateway call
 * leaves the stored subscription as it was.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');

  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @InjectRepository(PaymentCustomer) private readonly customers: Repository<PaymentCustomer>,
    private readonly leases: Leases,
    private readonly catalogue: PaymentsCatalogueService,
    private readonly subscriptions: SubscriptionsService,
    private readonly agents: AgentsService,
    private readonly ecosystems: EcosystemsService,
    private readonly payouts: PayoutsService,
    private readonly audit: AuditLog,
    private readonly purchases: PurchaseFollowUp,
  ) {}

  // Customers and cards.

  /** One customer per user: asking again answers the same one. */
  async createCustomer(identity: VerifiedIdentity, body: CreateCustomerDto): Promise<CustomerDto> {
    const existing = await this.customers.findOneBy({ userSub: identity.sub });
    if (existing) return toCustomerDto(existing);
    const created = await this.gateway.createCustomer({ name: body.name, email: body.email, userSub: identity.sub });
    const row = this.customers.create({ userSub: identity.sub, customerId: created.id, name: body.name, email: body.email });
    await this.customers.createQueryBuilder().insert().into(PaymentCustomer).values(row).orIgnore().execute();
    // Two first requests racing: both answer the one that was stored.
    return toCustomerDto(await this.customers.findOneByOrFail({ userSub: identity.sub }));
  }

  async createSetupIntent(identity: VerifiedIdentity, customerId: string): Promise<ClientSecretDto> {
    const customer = await this.customerNamed(identity, customerId);
    return this.gateway.createSetupIntent(customer.customerId);
  }

  async createPaymentIntent(identity: VerifiedIdentity, body: CreatePaymentIntentDto): Promise<ClientSecretDto> {
    const customer = await this.ownCustomer(identity);
    return this.gateway.createPaymentIntent({ customerId: customer.customerId, amount: body.amount, currency: body.currency });
  }

  /** A declined card (402) saves nothing. */
  async addCard(identity: VerifiedIdentity, body: AddCardDto): Promise<CardDto> {
    const customer = await this.customerNamed(identity, body.customerID);
    const typed = body.expMonth !== undefined && body.expYear !== undefined ? { expMonth: body.expMonth, expYear: body.expYear } : undefined;
    return this.gateway.attachCard(customer.customerId, body.paymentMethodID, typed);
  }

  async listCards(identity: VerifiedIdentity): Promise<PaymentMethodsDto> {
    const customer = await this.customers.findOneBy({ userSub: identity.sub });
    const cards = customer ? await this.gateway.listCards(customer.customerId) : [];
    return { paymentMethods: cards, defaultPaymentMethodId: cards.find((card) => card.isDefault)?.id ?? null };
  }

  async defaultCard(identity: VerifiedIdentity): Promise<DefaultPaymentMethodDto> {
    const { paymentMethods } = await this.listCards(identity);
    return { paymentMethod: paymentMethods.find((card) => card.isDefault) ?? null };
  }

  async setDefaultCard(identity: VerifiedIdentity, paymentMethodId: string): Promise<PaymentMethodChangeDto> {
    const customer = await this.ownCard(identity, paymentMethodId);
    await this.gateway.setDefaultCard(customer.customerId, paymentMethodId);
    return { success: true, paymentMethodId };
  }

  async deleteCard(identity: VerifiedIdentity, paymentMethodId: string): Promise<PaymentMethodChangeDto> {
    const customer = await this.ownCard(identity, paymentMethodId);
    await this.gateway.detachCard(customer.customerId, paymentMethodId);
    return { success: true, paymentMethodId };
  }

  // Subscriptions.

  /**
   * Subscribes the customer to what the price sells (an agent, or an ecosystem's agents as a
   * bundle). The idempotency key makes a retried request answer the same subscription.
   */
  async createSubscription(identity: VerifiedIdentity, customerId: string, priceId: string, idempotencyKey: string): Promise<PaymentSubscriptionResponseDto> {
    const customer = await this.customerNamed(identity, customerId);
    const sale = await this.forSale(identity, priceId);
    const item: Record<string, string> = sale.price.itemKind === 'ecosystem' ? { ecosystemId: sale.price.itemId } : { agentId: sale.price.itemId };
    // One request at a time per user and item: the loser of two simultaneous ones answers 409 before reaching the gateway.
    return this.holdingSubscribeLock(`${customer.userSub}|${sale.price.itemKind}:${sale.price.itemId}`, async () => {
      const earlier = await this.subscriptions.forItem(customer.userSub, item);
      const replay = await this.sameRequest(earlier, idempotencyKey);
      if (replay) {
        // A key names one purchase: once what it bought is cancelled, subscribing again is a new request.
        if (replay.status === 'cancelled') throw new IdempotencyKeyUsedError();
        return { subscription: toPaymentSubscriptionDto(replay), requiresAction: false, clientSecret: null };
      }
      const live = earlier.filter((row) => row.status !== 'cancelled');
      if (live.length > 0) {
        // One whose first payment the buyer's bank never confirmed (3-D Secure) gives way to a new attempt.
        const abandoned = live.filter((row) => row.status === 'incomplete');
        if (abandoned.length < live.length) throw new SubscriptionTransitionError('duplicate');
        for (const row of abandoned) await this.abandon(identity.sub, row);
      }
      // A creator's connected account takes the payment of their agent, less the platform's fee.
      const destination = await this.payouts.destinationFor({ itemKind: sale.price.itemKind, itemId: sale.price.itemId });
      const created = await this.gateway.createSubscription({
        customerId: customer.customerId,
        priceId,
        idempotencyKey,
        metadata: { userSub: customer.userSub, idempotencyKey, ...item },
        ...(destination ? { destination } : {}),
      });
      const existing = await this.subscriptions.findById(created.id);
      // The gateway answered what the key made earlier (Stripe replays a key's first answer for 24 hours), and it is cancelled.
      if (created.status === 'canceled' || existing?.status === 'cancelled') throw new IdempotencyKeyUsedError();
      // A webhook may have stored it already: then only what this call changes is recorded.
      const before = existing ? subscriptionSnapshot(existing) : null;
      const row = existing ?? this.subscriptions.build({ subscriptionId: created.id, createdAt: created.createdAt });
      Object.assign(row, {
        userSub: customer.userSub,
        customerId: customer.customerId,
        userName: customer.name,
        userEmail: customer.email,
        status: storedStatus(created.status),
        finishedAt: created.canceledAt,
        cancelAtPeriodEnd: created.cancelAtPeriodEnd,
        currentPeriodEnd: created.currentPeriodEnd,
        gatewayUpdatedAt: new Date(),
        ...sale.content,
      });
      const saved = await this.subscriptions.save(row);
      await this.auditSubscription(identity.sub, before, saved, {
        destinationAccountId: destination?.accountId ?? null,
        applicationFeePercent: destination?.applicationFeePercent ?? null,
      });
      if (saved.status === 'active') await this.payouts.recordPaidPeriod(saved, new Date(), destination?.accountId ?? null);
      // 3-D Secure: the buyer's browser confirms the first payment; a later invoice.paid makes it active.
      const clientSecret = saved.status === 'incomplete' ? (created.paymentClientSecret ?? null) : null;
      return { subscription: toPaymentSubscriptionDto(saved), requiresAction: clientSecret !== null, clientSecret };
    });
  }

  /** Cancels an incomplete subscription at the gateway (best effort: Stripe expires it anyway) and in the store. */
  private async abandon(actorSub: string, row: Subscription): Promise<void> {
    const before = subscriptionSnapshot(row);
    const remote = await this.gateway.cancelSubscription(row.subscriptionId).catch((error: Error) => {
      this.logger.warn(`No se pudo cancelar la suscripción incompleta ${row.subscriptionId}: ${error.message}`);
      return null;
    });
    row.status = 'cancelled';
    row.cancelAtPeriodEnd = false;
    row.finishedAt = remote?.canceledAt ?? new Date();
    row.gatewayUpdatedAt = new Date();
    await this.auditSubscription(actorSub, before, await this.subscriptions.save(row));
  }

  /**
   * Runs `work` holding the lease of the user and item; a second request meanwhile answers 409. A
   * lease left behind by a crashed request expires after LOCK_TTL_MS.
   */
  private async holdingSubscribeLock<T>(lockKey: string, work: () => Promise<T>): Promise<T> {
    const name = `subscribe:${lockKey}`;
    const holder = randomUUID();
    if (!(await this.leases.take(name, LOCK_TTL_MS, { holder }))) throw new SubscriptionTransitionError('duplicate');
    try {
      return await work();
    } finally {
      await this.leases.release(name, holder).catch((error: Error) => this.logger.warn(`No se pudo liberar el bloqueo ${name}: ${error.message}`));
    }
  }

  async listSubscriptions(identity: VerifiedIdentity, customerId: string): Promise<PaymentSubscriptionListDto> {
    const customer = await this.customerNamed(identity, customerId);
    return { subscriptions: (await this.subscriptions.forCustomer(customer.customerId)).map(toPaymentSubscriptionDto) };
  }

  pause(identity: VerifiedIdentity, subscriptionId: string): Promise<PaymentSubscriptionResponseDto> {
    return this.transition(identity, subscriptionId, 'pause');
  }

  resume(identity: VerifiedIdentity, subscriptionId: string): Promise<PaymentSubscriptionResponseDto> {
    return this.transition(identity, subscriptionId, 'resume');
  }

  /**
   * A subscriber's cancellation takes effect when the period paid for ends (issue 31, item 4): the
   * subscription stays active until then, with cancelAtPeriodEnd and the date, and 'Reanudar'
   * (resume) undoes it. One not being paid for (paused, payment pending or failed) ends now, as
   * does any when an admin asks for `immediately`; anyone else asking for it is refused (403).
   */
  cancel(identity: VerifiedIdentity, subscriptionId: string, options: { immediately?: boolean } = {}): Promise<PaymentSubscriptionResponseDto> {
    if (options.immediately && !isAdmin(identity)) throw new ImmediateCancelForbiddenError();
    return this.transition(identity, subscriptionId, options.immediately ? 'cancelNow' : 'cancel');
  }

  /**
   * An account asked to be deleted: each of its live subscriptions ends with its paid period, as
   * the subscriber's own 'Cancelar' does (a paused or unpaid one ends now), so nothing more is charged.
   */
  async cancelEveryRenewal(identity: VerifiedIdentity): Promise<void> {
    for (const row of await this.subscriptions.liveOf(identity.sub)) {
      if (row.userSub === identity.sub && !row.cancelAtPeriodEnd) await this.transition(identity, row.subscriptionId, 'cancel');
    }
  }

  /**
   * An account is erased: its live subscriptions, and those of others to its agents, end now (as an
   * admin's immediate cancellation), so nothing is owed; then its customer is deleted at the
   * gateway with its cards. The stored subscriptions stay for the accounts under the pseudonym.
   */
  async closeAccount(sub: string, agentIds: readonly string[], pseudonym: string): Promise<void> {
    const system: VerifiedIdentity = { sub: 'system', username: 'system', email: '', role: 'admin' };
    for (const row of await this.subscriptions.liveOf(sub, agentIds)) await this.transition(system, row.subscriptionId, 'cancelNow');
    const customer = await this.customers.findOneBy({ userSub: sub });
    if (customer) {
      await this.gateway.deleteCustomer(customer.customerId);
      await this.customers.delete({ userSub: sub });
    }
    await this.subscriptions.pseudonymise(sub, pseudonym);
  }

  /** What changing to the price costs now (proration), before the user confirms. */
  async previewChange(identity: VerifiedIdentity, subscriptionId: string, priceId: string): Promise<ChangePreviewDto> {
    const row = await this.ownSubscription(identity, subscriptionId);
    if (row.status !== 'active') throw new SubscriptionTransitionError('change');
    if (row.cancelAtPeriodEnd) throw new SubscriptionTransitionError('changeEnding');
    if (row.priceId === priceId) throw new SubscriptionTransitionError('samePlan');
    const sale = await this.forSale(identity, priceId);
    assertSameItem(row, sale.price);
    const preview = await this.viaGateway(() => this.gateway.previewPriceChange(row.subscriptionId, priceId));
    return { amountDue: preview.amountDue, currency: preview.currency, newPrice: sale.price.unitAmount / 100, currentPrice: Number(row.price) };
  }

  /**
   * Moves the subscription to the current price of the same agent or ecosystem (whose creator the
   * payment already goes to); the proration is charged (or credited) at once, and written to the
   * creators' ledger and the audit log.
   */
  async changePlan(identity: VerifiedIdentity, subscriptionId: string, priceId: string, idempotencyKey: string): Promise<PaymentSubscriptionResponseDto> {
    const row = await this.ownSubscription(identity, subscriptionId);
    if (row.priceId === priceId) return { subscription: toPaymentSubscriptionDto(row) };
    if (row.status !== 'active') throw new SubscriptionTransitionError('change');
    if (row.cancelAtPeriodEnd) throw new SubscriptionTransitionError('changeEnding');
    const sale = await this.forSale(identity, priceId);
    assertSameItem(row, sale.price);
    const { subscription: changed, proration } = await this.viaGateway(() => this.gateway.changePrice(row.subscriptionId, priceId, idempotencyKey));
    const changedAt = new Date();
    const before = subscriptionSnapshot(row);
    Object.assign(row, sale.content, { status: storedStatus(changed.status), currentPeriodEnd: changed.currentPeriodEnd ?? row.currentPeriodEnd, gatewayUpdatedAt: changedAt });
    const saved = await this.subscriptions.save(row);
    await this.auditSubscription(identity.sub, before, saved, { prorationInvoiceId: proration.invoiceId, prorationAmount: proration.amount, currency: proration.currency });
    await this.payouts.recordProration(saved, proration, changedAt);
    return { subscription: toPaymentSubscriptionDto(saved) };
  }

  /**
   * POST /stripe-user-subscriptions/create and /update: the stored subscription written from the
   * gateway's own record of it (never from what the client says), for the caller's customer only.
   */
  async storeFromGateway(identity: VerifiedIdentity, subscriptionId: string): Promise<SubscriptionLookupDto> {
    const stored = await this.subscriptions.findById(subscriptionId);
    if (stored && stored.userSub !== identity.sub && !isAdmin(identity)) throw new PaymentForbiddenError();
    let remote: GatewaySubscription;
    try {
      remote = await this.gateway.retrieveSubscription(subscriptionId);
    } catch (error) {
      if (error instanceof PaymentResourceNotFoundError) throw new StoredSubscriptionNotFoundError();
      throw error;
    }
    const customer = await this.customers.findOneBy({ customerId: remote.customerId });
    if (!customer) throw new StoredSubscriptionNotFoundError();
    if (customer.userSub !== identity.sub && !isAdmin(identity)) throw new PaymentForbiddenError();
    const row = await this.applyRemote(stored, remote, customer, new Date(), identity.sub);
    return { success: true, data: toSubscriptionDto(row) };
  }

  // Products.

  /** create-product / update-product: the agent's or ecosystem's product and price, as it is now (its creator or an admin). */
  async syncProduct(identity: VerifiedIdentity, target: ProductTargetDto): Promise<ProductDto> {
    if (Boolean(target.agentId) === Boolean(target.ecosystemId)) throw new ProductTargetError();
    if (target.agentId) {
      const agent = await this.agents.syncProduct(identity, target.agentId);
      return { kind: 'agent', id: agent.id, priceId: agent.priceId, price: agent.price };
    }
    const ecosystem = await this.ecosystems.syncProduct(identity, target.ecosystemId as string);
    const price = ecosystem.priceId ? ((await this.catalogue.lookup(ecosystem.priceId))?.unitAmount ?? 0) / 100 : 0;
    return { kind: 'ecosystem', id: ecosystem.id, priceId: ecosystem.priceId, price };
  }

  // Shared with the webhook.

  /** Writes the gateway's state of a subscription into the store (creating the row when the metadata says whose it is). */
  async applyRemote(stored: Subscription | null, remote: GatewaySubscription, customer: PaymentCustomer | null, at: Date, actorSub = 'system'): Promise<Subscription> {
    const before = stored ? subscriptionSnapshot(stored) : null;
    let row = stored;
    if (!row) {
      const owner = customer ?? (await this.customers.findOneBy({ customerId: remote.customerId }));
      if (!owner) throw new StoredSubscriptionNotFoundError();
      row = this.subscriptions.build({
        subscriptionId: remote.id,
        userSub: owner.userSub,
        customerId: owner.customerId,
        userName: owner.name,
        userEmail: owner.email,
        createdAt: remote.createdAt,
      });
    }
    if (remote.priceId && remote.priceId !== row.priceId) {
      const price = await this.catalogue.lookup(remote.priceId);
      if (price) Object.assign(row, (await this.contentOf(undefined, price)).content);
      else row.priceId = remote.priceId;
    }
    if (!row.agents) row.agents = [];
    row.status = storedStatus(remote.status);
    row.finishedAt = remote.status === 'canceled' ? (remote.canceledAt ?? at) : null;
    row.cancelAtPeriodEnd = remote.status !== 'canceled' && remote.cancelAtPeriodEnd;
    row.currentPeriodEnd = remote.currentPeriodEnd ?? row.currentPeriodEnd ?? null;
    row.gatewayUpdatedAt = at;
    const saved = await this.subscriptions.save(row);
    await this.auditSubscription(actorSub, before, saved);
    return saved;
  }

  /**
   * A subscription's change of status or price, by a user (their subject) or the gateway's webhook
   * ('system'), with its amounts and statuses before and after; an unchanged one records nothing.
   */
  async auditSubscription(actorSub: string, before: SubscriptionSnapshot | null, row: Subscription, extra: Record<string, unknown> = {}): Promise<void> {
    // A first activation is a purchase: the bought items go into the buyer's team, and the receipt is e-mailed.
    await this.purchases.subscriptionChanged(before, row);
    const after = subscriptionSnapshot(row);
    const action = subscriptionAction(before, after);
    if (!action) return;
    await this.audit.recordAfterTheFact({ actorSub, action, target: `subscription:${row.subscriptionId}`, before, after: { ...after, ...extra } });
  }

  findCustomer(customerId: string): Promise<PaymentCustomer | null> {
    return this.customers.findOneBy({ customerId });
  }

  /** The users' gateway customers (those who saved a card), e.g. to bill or tell the buyers of an API (issue 36). */
  customersOf(userSubs: string[]): Promise<PaymentCustomer[]> {
    return userSubs.length ? this.customers.findBy({ userSub: In(userSubs) }) : Promise.resolve([]);
  }

  // Rules.

  private async transition(identity: VerifiedIdentity, subscriptionId: string, kind: Transition): Promise<PaymentSubscriptionResponseDto> {
    const row = await this.ownSubscription(identity, subscriptionId);
    const call = this.transitionCall(row, kind);
    // Cancelling again what already ends with its period changes nothing.
    if (call === 'none') return { subscription: toPaymentSubscriptionDto(row) };
    const remote = await this.viaGateway(() => {
      switch (call) {
        case 'pause':
          return this.gateway.pauseSubscription(row.subscriptionId);
        case 'resume':
          return this.gateway.resumeSubscription(row.subscriptionId);
        case 'keep':
          return this.gateway.keepSubscription(row.subscriptionId);
        case 'cancelAtPeriodEnd':
          return this.gateway.cancelSubscription(row.subscriptionId, { atPeriodEnd: true });
        default:
          return this.gateway.cancelSubscription(row.subscriptionId);
      }
    });
    const now = new Date();
    const before = subscriptionSnapshot(row);
    if (remote.status === 'canceled') {
      // Cancelled now, or its period had already ended at the gateway.
      row.status = 'cancelled';
      row.finishedAt = remote.canceledAt ?? now;
    } else if (call === 'pause') {
      row.status = 'paused';
    } else if (call === 'resume') {
      row.status = 'active';
    }
    row.cancelAtPeriodEnd = row.status !== 'cancelled' && remote.cancelAtPeriodEnd;
    row.currentPeriodEnd = remote.currentPeriodEnd ?? row.currentPeriodEnd ?? null;
    row.gatewayUpdatedAt = now;
    const saved = await this.subscriptions.save(row);
    await this.auditSubscription(identity.sub, before, saved);
    return { subscription: toPaymentSubscriptionDto(saved) };
  }

  /**
   * What a transition asks of the gateway, or the 409 the subscription's state gives it. A
   * subscription set to cancel at its period's end is not paused (resume it first); 'Reanudar'
   * undoes that cancellation as it ends a pause.
   */
  private transitionCall(row: Subscription, kind: Transition): 'pause' | 'resume' | 'keep' | 'cancelAtPeriodEnd' | 'cancelNow' | 'none' {
    switch (kind) {
      case 'pause':
        if (row.status !== 'active') throw new SubscriptionTransitionError('pause');
        if (row.cancelAtPeriodEnd) throw new SubscriptionTransitionError('pauseEnding');
        return 'pause';
      case 'resume':
        if (row.status === 'paused') return 'resume';
        if (row.status === 'active' && row.cancelAtPeriodEnd) return 'keep';
        throw new SubscriptionTransitionError('resume');
      case 'cancel':
        if (row.status === 'cancelled') throw new SubscriptionTransitionError('cancel');
        // Paid through its period: it ends with it. Paused, pending or unpaid: nothing is paid for, it ends now.
        if (row.status !== 'active') return 'cancelNow';
        return row.cancelAtPeriodEnd ? 'none' : 'cancelAtPeriodEnd';
      default:
        if (row.status === 'cancelled') throw new SubscriptionTransitionError('cancel');
        return 'cancelNow';
    }
  }

  /** A gateway failure on a transition is the spec's 'Error al actualizar la suscripción'; the store is not touched. */
  private async viaGateway<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      this.logger.warn(`La pasarela rechazó el cambio de suscripción: ${(error as Error).message}`);
      if (error instanceof DomainError && error.status < 500 && error.status !== 404) throw error;
      throw new SubscriptionUpdateFailedError();
    }
  }

  /** A retried create-subscription: the subscription the same key made, live or cancelled. */
  private async sameRequest(rows: Subscription[], idempotencyKey: string): Promise<Subscription | null> {
    for (const row of rows) {
      const remote = await this.gateway.retrieveSubscription(row.subscriptionId).catch(() => null);
      if (remote?.metadata.idempotencyKey === idempotencyKey) return row;
    }
    return null;
  }

  /** The price must be the current one of an agent or ecosystem the caller may see. */
  private async forSale(identity: VerifiedIdentity, priceId: string): Promise<{ price: PaymentPrice; content: Partial<Subscription> }> {
    const price = await this.catalogue.lookup(priceId);
    if (!price) throw new PriceNotForSaleError();
    const sale = await this.contentOf(identity, price);
    if (sale.currentPriceId !== price.priceId) throw new PriceNotForSaleError();
    return { price, content: sale.content };
  }

  /** What a subscription to the price holds: the agent, or the ecosystem's agents as a bundle. */
  private async contentOf(identity: VerifiedIdentity | undefined, price: PaymentPrice): Promise<{ currentPriceId: string | null; content: Partial<Subscription> }> {
    const amount = price.unitAmount / 100;
    const reader = identity ?? SYSTEM;
    if (price.itemKind === 'agent') {
      const agent = await this.agents.findVisible(reader, price.itemId).catch(() => {
        throw new PriceNotForSaleError();
      });
      const product: SubscriptionProduct = { name: agent.name, description: agent.description, price: amount, quantity: 1 };
      return {
        currentPriceId: agent.priceId ?? null,
        content: { isBundle: false, agentId: agent.id, agents: [], ecosystemId: null, priceId: price.priceId, price: amount, products: [product] },
      };
    }
    const ecosystem = await this.ecosystems.findVisible(reader, price.itemId).catch(() => {
      throw new PriceNotForSaleError();
    });
    const agents = await this.agents.findVisibleMany(SYSTEM, ecosystem.agentIds ?? []);
    const product: SubscriptionProduct = { name: ecosystem.name, description: ecosystem.description, price: amount, quantity: 1 };
    return {
      currentPriceId: ecosystem.priceId ?? null,
      content: {
        isBundle: true,
        agentId: null,
        agents: (ecosystem.agentIds ?? []).filter((id) => agents.has(id)),
        ecosystemId: ecosystem.id,
        priceId: price.priceId,
        price: amount,
        products: [product],
      },
    };
  }

  private async ownSubscription(identity: VerifiedIdentity, subscriptionId: string): Promise<Subscription> {
    const row = await this.subscriptions.findById(subscriptionId);
    if (!row) throw new StoredSubscriptionNotFoundError();
    if (row.userSub !== identity.sub && !isAdmin(identity)) throw new PaymentForbiddenError();
    return row;
  }

  private async ownCustomer(identity: VerifiedIdentity): Promise<PaymentCustomer> {
    const customer = await this.customers.findOneBy({ userSub: identity.sub });
    if (!customer) throw new PaymentCustomerMissingError();
    return customer;
  }

  /** A customer id from the request: the caller's own (an admin may name any). */
  private async customerNamed(identity: VerifiedIdentity, customerId: string): Promise<PaymentCustomer> {
    const customer = await this.customers.findOneBy({ customerId });
    if (!customer) throw new PaymentResourceNotFoundError('customer');
    if (customer.userSub !== identity.sub && !isAdmin(identity)) throw new PaymentForbiddenError();
    return customer;
  }

  /** A card must be on the caller's own customer. */
  private async ownCard(identity: VerifiedIdentity, paymentMethodId: string): Promise<PaymentCustomer> {
    const customer = await this.ownCustomer(identity);
    const cards = await this.gateway.listCards(customer.customerId);
    if (!cards.some((card) => card.id === paymentMethodId)) throw new PaymentForbiddenError();
    return customer;
  }
}

/**
 * A plan change stays within what was bought: another agent or ecosystem is another creator's
 * sale, with its own destination and fee, so it is a new subscription, not a change of price.
 */
function assertSameItem(row: Subscription, price: PaymentPrice): void {
  const sameItem = row.isBundle ? price.itemKind === 'ecosystem' && price.itemId === row.ecosystemId : price.itemKind === 'agent' && price.itemId === row.agentId;
  if (!sameItem) throw new SubscriptionTransitionError('otherItem');
}

/** Reads as an admin: what a price sells is looked up whoever is buying (visibility is checked first with the buyer). */
const SYSTEM: VerifiedIdentity = { sub: 'payments-system', username: 'system', email: 'system@localhost', role: 'admin' } as VerifiedIdentity;

function toCustomerDto(customer: PaymentCustomer): CustomerDto {
  return { customerId: customer.customerId, name: customer.name, email: customer.email };
}

export function toPaymentSubscriptionDto(row: Subscription): PaymentSubscriptionDto {
  const dto = toSubscriptionDto(row);
  return { ...dto, customerId: row.customerId ?? null, canceled_at: row.status === 'cancelled' ? dto.finishedAt : null };
}

/** What the audit log keeps of a subscription: whose, what it sells, its price and status; never card data. */
export interface SubscriptionSnapshot {
  status: SubscriptionStatus;
  priceId: string | null;
  /** Euros a month, as stored. */
  price: number;
  userSub: string;
  customerId: string | null;
  agentId: string | null;
  ecosystemId: string | null;
  /** Set to end with its period (issue 31). */
  cancelAtPeriodEnd: boolean;
}

export function subscriptionSnapshot(row: Subscription): SubscriptionSnapshot {
  return {
    status: row.status,
    priceId: row.priceId ?? null,
    price: Number(row.price ?? 0),
    userSub: row.userSub,
    customerId: row.customerId ?? null,
    agentId: row.agentId ?? null,
    ecosystemId: row.ecosystemId ?? null,
    cancelAtPeriodEnd: Boolean(row.cancelAtPeriodEnd),
  };
}

function subscriptionAction(before: SubscriptionSnapshot | null, after: SubscriptionSnapshot): string | null {
  if (!before) return 'subscription.create';
  if (before.priceId !== after.priceId) return 'subscription.plan';
  if (before.status === after.status) {
    if (before.cancelAtPeriodEnd === after.cancelAtPeriodEnd) return null;
    // A subscriber's cancellation, at the end of the period, and its undoing ('Reanudar').
    return after.cancelAtPeriodEnd ? 'subscription.cancel_at_period_end' : 'subscription.keep';
  }
  if (after.status === 'paused') return 'subscription.pause';
  if (after.status === 'cancelled') return 'subscription.cancel';
  if (after.status === 'active' && before.status === 'paused') return 'subscription.resume';
  return 'subscription.status';
}
