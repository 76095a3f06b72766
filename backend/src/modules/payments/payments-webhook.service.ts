import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { ProcessedPaymentEvent } from './entities/processed-payment-event.entity';
import { PAYMENT_GATEWAY, type GatewayEvent, type PaymentGateway } from './gateway/payment-gateway';
import { PaymentsService, subscriptionSnapshot } from './payments.service';
import { PayoutsService } from './payouts/payouts.service';

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);

/**
 * POST /stripe/webhook: the gateway tells us what changed. The signature is checked over the raw
 * body (a bad one is 400 and changes nothing), each event is acted on once (by its id), and an
 * event older than the state we already stored (it arrived out of order) changes nothing.
 */
@Injectable()
export class PaymentsWebhookService {
  private readonly logger = new Logger('PaymentsWebhook');
  /** Billing of API use (issue 36) claims its buyers' invoices; the rest are subscriptions'. */
  private apiInvoices: (event: GatewayEvent) => Promise<boolean> = async () => false;

  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @InjectRepository(ProcessedPaymentEvent) private readonly processed: Repository<ProcessedPaymentEvent>,
    private readonly payments: PaymentsService,
    private readonly subscriptions: SubscriptionsService,
    private readonly payouts: PayoutsService,
  ) {}

  /** Set by the API billing module, which the payments module cannot import. */
  handleInvoicesWith(handler: (event: GatewayEvent) => Promise<boolean>): void {
    this.apiInvoices = handler;
  }

  async receive(rawBody: unknown, signature: string | undefined): Promise<{ received: true; duplicate?: true }> {
    const event = this.gateway.parseWebhook(Buffer.isBuffer(rawBody) ? rawBody : Buffer.alloc(0), signature);
    if (await this.processed.existsBy({ eventId: event.id })) return { received: true, duplicate: true };
    await this.handle(event);
    // Marked after acting: a failure above lets the gateway's retry act again; acting twice is harmless.
    await this.processed.createQueryBuilder().insert().into(ProcessedPaymentEvent).values({ eventId: event.id, type: event.type.slice(0, 100) }).orIgnore().execute();
    return { received: true };
  }

  private async handle(event: GatewayEvent): Promise<void> {
    if (SUBSCRIPTION_EVENTS.has(event.type) && event.subscription) {
      const remote = event.type === 'customer.subscription.deleted' ? { ...event.subscription, status: 'canceled' as const } : event.subscription;
      const stored = await this.subscriptions.findById(remote.id);
      if (stored && isStale(stored.gatewayUpdatedAt, event.createdAt)) return;
      if (!stored && !(await this.payments.findCustomer(remote.customerId))) {
        this.logger.warn(`Evento ${event.id}: suscripción ${remote.id} de un cliente que no conocemos; se ignora`);
        return;
      }
      await this.payments.applyRemote(stored, remote, null, event.createdAt);
      return;
    }
    if (event.type.startsWith('invoice.') && (await this.apiInvoices(event))) return;
    if ((event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') && event.subscriptionId) {
      const stored = await this.subscriptions.findById(event.subscriptionId);
      if (!stored) return;
      // Every paid invoice is a paid period for the creators' ledger, whatever the order it arrives in;
      // a plan change's proration is not a period, and was booked when the plan changed.
      if (event.type === 'invoice.paid' && event.billingReason !== 'subscription_update') await this.payouts.recordPaidPeriod(stored, event.createdAt);
      if (stored.status === 'cancelled' || isStale(stored.gatewayUpdatedAt, event.createdAt)) return;
      if (event.type === 'invoice.paid' && stored.status === 'paused') return;
      const before = subscriptionSnapshot(stored);
      stored.status = event.type === 'invoice.paid' ? 'active' : 'past_due';
      stored.gatewayUpdatedAt = event.createdAt;
      await this.payments.auditSubscription('system', before, await this.subscriptions.save(stored));
      return;
    }
    if (event.type === 'account.updated' && event.account) {
      // A creator's connected account finished (or lost) its onboarding: destination charges follow it.
      await this.payouts.applyAccountStatus(event.account);
      return;
    }
    if (event.type === 'setup_intent.succeeded' && event.customerId && event.paymentMethodId) {
      // A card saved through Elements becomes the default when the customer had none.
      if (!(await this.payments.findCustomer(event.customerId))) return;
      const cards = await this.gateway.listCards(event.customerId);
      if (!cards.some((card) => card.isDefault) && cards.some((card) => card.id === event.paymentMethodId)) {
        await this.gateway.setDefaultCard(event.customerId, event.paymentMethodId);
      }
    }
  }
}

/** Stripe's event times are whole seconds: an event strictly older than what we stored is stale. */
function isStale(storedAt: Date | null, eventAt: Date): boolean {
  return storedAt !== null && eventAt.getTime() < new Date(storedAt).getTime();
}
