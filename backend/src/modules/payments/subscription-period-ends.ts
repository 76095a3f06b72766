import { Inject, Injectable, Logger } from '@nestjs/common';
import { Leases } from '../../database/leases/leases';
import { OneInstanceJob } from '../../database/leases/one-instance-job';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { PAYMENT_GATEWAY, type PaymentGateway } from './gateway/payment-gateway';
import { PaymentsService } from './payments.service';

export const PERIOD_ENDS_EVERY_MS = 5 * 60 * 1000;
/** Per run: more wait for the next one. */
export const PERIOD_ENDS_BATCH = 100;

/**
 * Subscriptions whose paid period is over, brought in step with the gateway every five minutes by
 * one instance: one set to cancel at the period's end becomes cancelled, any other takes its new
 * period. Stripe also says so by webhook (customer.subscription.deleted or .updated); the demo
 * gateway sends none, so for it this is how a period ends (issue 31, item 4).
 */
@Injectable()
export class SubscriptionPeriodEnds extends OneInstanceJob<number> {
  private readonly logger = new Logger('Payments');

  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly subscriptions: SubscriptionsService,
    private readonly payments: PaymentsService,
    leases: Leases,
  ) {
    super(leases, { name: 'subscription-period-ends', everyMs: PERIOD_ENDS_EVERY_MS, logger: new Logger('Payments'), atStart: true });
  }

  /** Answers how many subscriptions were brought up to date. */
  protected async run(now: Date): Promise<number> {
    let updated = 0;
    for (const row of await this.subscriptions.periodsOver(now, PERIOD_ENDS_BATCH)) {
      try {
        const remote = await this.gateway.retrieveSubscription(row.subscriptionId);
        await this.payments.applyRemote(row, remote, null, new Date());
        updated += 1;
      } catch (error) {
        this.logger.warn(`No se pudo poner al día la suscripción ${row.subscriptionId}: ${(error as Error).message}`);
      }
    }
    return updated;
  }
}
