import { Injectable, Logger } from '@nestjs/common';
import { Leases } from '../../database/leases/leases';
import { OneInstanceJob } from '../../database/leases/one-instance-job';
import { AccountDeletionService } from './account-deletion.service';

/** Every 15 minutes, and once at start-up: one instance (the lease) erases the accounts whose 30 days are over. A deletion pending survives restarts: it is a row. */
@Injectable()
export class AccountErasureJob extends OneInstanceJob<number> {
  constructor(
    leases: Leases,
    private readonly deletions: AccountDeletionService,
  ) {
    super(leases, { name: 'account-erasure', everyMs: 15 * 60 * 1000, logger: new Logger('AccountErasureJob'), atStart: true });
  }

  protected run(now: Date): Promise<number> {
    return this.deletions.eraseDue(now);
  }
}
