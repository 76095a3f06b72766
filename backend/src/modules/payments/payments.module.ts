import { Module, OnApplicationBootstrap } from '@nestjs/common';
import { LeasesModule } from '../../database/leases/leases';
import { AgentsModule } from '../agents/agents.module';
import { AgentsService } from '../agents/agents.service';
import { EcosystemsModule } from '../ecosystems/ecosystems.module';
import { EcosystemsService } from '../ecosystems/ecosystems.service';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { PaymentsController } from './payments.controller';
import { PaymentsCoreModule } from './payments-core.module';
import { PaymentsWebhookService } from './payments-webhook.service';
import { PayoutsModule } from './payouts/payouts.module';
import { PayoutsService } from './payouts/payouts.service';
import { PaymentsService } from './payments.service';
import { StripeUserSubscriptionsController } from './stripe-user-subscriptions.controller';
import { AuditModule } from '../audit/audit.module';

/**
 * Payments (issue 14): cards, subscriptions and their transitions through the configured gateway
 * (Stripe, or the demo gateway), the stored-subscription routes, and the signed webhook.
 */
@Module({
  imports: [PaymentsCoreModule, AuditModule, LeasesModule, PayoutsModule, AgentsModule, EcosystemsModule, SubscriptionsModule],
  controllers: [PaymentsController, StripeUserSubscriptionsController],
  providers: [PaymentsService, PaymentsWebhookService],
  exports: [PaymentsService],
})
export class PaymentsModule implements OnApplicationBootstrap {
  constructor(
    private readonly agents: AgentsService,
    private readonly ecosystems: EcosystemsService,
    private readonly payouts: PayoutsService,
  ) {}

  /** Paid agents and ecosystems saved before payments existed (or while the gateway was down) get their price. */
  async onApplicationBootstrap(): Promise<void> {
    await this.agents.backfillPrices();
    await this.ecosystems.backfillPrices();
    await this.payouts.auditPlatformFee();
  }
}
