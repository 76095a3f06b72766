import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LeasesModule } from '../../database/leases/leases';
import { AuditModule } from '../audit/audit.module';
import { PaymentsCoreModule } from '../payments/payments-core.module';
import { PaymentsModule } from '../payments/payments.module';
import { PaymentsWebhookService } from '../payments/payments-webhook.service';
import { PayoutsModule } from '../payments/payouts/payouts.module';
import { PublicationsModule } from '../publications/publications.module';
import { ApiBillingController } from './api-billing.controller';
import { ApiBillingJob } from './api-billing.job';
import { ApiInvoices } from './api-invoices.service';
import { ApiBillingAccount } from './entities/api-billing-account.entity';
import { ApiInvoice } from './entities/api-invoice.entity';
import { ApiMeter, ApiMeteredPrice } from './entities/api-meter.entity';
import { ApiMeterReport } from './entities/api-meter-report.entity';
import { StripeUsageReporter } from './stripe-usage-reporter';

/**
 * Monthly billing of API use sold by builders (issue 36, item 3): Stripe Billing meters, metered
 * prices and a subscription per buyer in Stripe mode, demo invoices otherwise; invoices listed to
 * their buyer, creators' shares booked when paid, keys suspended while an invoice is unpaid.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([ApiInvoice, ApiBillingAccount, ApiMeter, ApiMeteredPrice, ApiMeterReport]),
    PaymentsCoreModule,
    PaymentsModule,
    PayoutsModule,
    PublicationsModule,
    AuditModule,
    LeasesModule,
  ],
  controllers: [ApiBillingController],
  providers: [ApiInvoices, StripeUsageReporter, ApiBillingJob],
  exports: [ApiInvoices, StripeUsageReporter],
})
export class ApiBillingModule {
  constructor(webhooks: PaymentsWebhookService, invoices: ApiInvoices) {
    // The payments webhook hands over the invoices of buyers' API use.
    webhooks.handleInvoicesWith((event) => invoices.applyInvoiceEvent(event));
  }
}
