import { Module, OnApplicationBootstrap } from '@nestjs/common';
import { LeasesModule } from '../../database/leases/leases';
import { AgentsModule } from '../agents/agents.module';
import { EcosystemsModule } from '../ecosystems/ecosystems.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { PaymentsController } from './payments.controller';
import { PaymentsCoreModule } from './payments-core.module';
import { PaymentsWebhookService } from './payments-webhook.service';
import { PayoutsModule } from './payouts/payouts.module';
import { PayoutsService } from './payouts/payouts.service';
import { PaymentsService } from './payments.service';
import { PriceBackfill } from './price-backfill';
import { StripeUserSubscriptionsController } from './stripe-user-subscriptions.controller';
import { SubscriptionPeriodEnds } from './subscription-period-ends';
import { AuditModule } from '../audit/audit.module';
import { ReceiptsModule } from '../receipts/receipts.module';

/**
 * Payments (issue 14): cards, subscriptions and their transitions through the configured gateway
 * (Stripe, or the demo gateway), the stored-subscription routes, and the signed webhook.
 */
@Module({
  imports: [PaymentsCoreModule, AuditModule, LeasesModule, PayoutsModule, AgentsModule, EcosystemsModule, SubscriptionsModule, ReceiptsModule],
  controllers: [PaymentsController, StripeUserSubscriptionsController],
  providers: [PaymentsService, PaymentsWebhookService, PriceBackfill, SubscriptionPeriodEnds],
  exports: [PaymentsService, PaymentsWebhookService],
})
export class PaymentsModule implements OnApplicationBootstrap {
  constructor(private readonly payouts: PayoutsService) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.payouts.auditPlatformFee();
  }
}
