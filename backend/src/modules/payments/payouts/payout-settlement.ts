import { Injectable, Logger } from '@nestjs/common';
import { Leases } from '../../../database/leases/leases';
import { OneInstanceJob } from '../../../database/leases/one-instance-job';
import type { SettlementDto } from './dto/payouts.dto';
import { PayoutsService } from './payouts.service';

export const SETTLE_EVERY_MS = 60 * 60 * 1000;

/** Bundle shares of closed months are paid hourly, by one instance. */
@Injectable()
export class PayoutSettlement extends OneInstanceJob<SettlementDto> {
  constructor(
    private readonly payouts: PayoutsService,
    leases: Leases,
  ) {
    super(leases, { name: 'payouts-settle', everyMs: SETTLE_EVERY_MS, logger: new Logger('Payouts') });
  }

  protected run(): Promise<SettlementDto> {
    return this.payouts.settleBundleShares();
  }
}
