import { Injectable, Logger } from '@nestjs/common';
import { Leases } from '../../database/leases/leases';
import { OneInstanceJob } from '../../database/leases/one-instance-job';
import { monthOf } from '../publications/key-quotas';
import { ApiInvoices } from './api-invoices.service';
import { StripeUsageReporter } from './stripe-usage-reporter';

export const BILLING_EVERY_MS = 2 * 60 * 1000;

/** The month before the one `now` is in (YYYY-MM, UTC). */
export function previousMonthOf(now: Date): string {
  return monthOf(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
}

/**
 * Every two minutes, on one instance: with Stripe, the new use of bought keys is sent to Stripe
 * Billing (which invoices each month); in demo mode, the month just ended is invoiced once it has,
 * and failed demo invoices are charged again.
 */
@Injectable()
export class ApiBillingJob extends OneInstanceJob<number> {
  constructor(
    private readonly reporter: StripeUsageReporter,
    private readonly invoices: ApiInvoices,
    leases: Leases,
  ) {
    super(leases, { name: 'api-billing', everyMs: BILLING_EVERY_MS, logger: new Logger('ApiBilling') });
  }

  protected async run(now: Date): Promise<number> {
    const { sent } = await this.reporter.report(now);
    const charged = await this.invoices.invoiceDemoMonth(previousMonthOf(now), now);
    return sent + charged.length;
  }
}
