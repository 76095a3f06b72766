import { Injectable, Logger } from '@nestjs/common';
import { Leases } from '../../database/leases/leases';
import { OneInstanceJob } from '../../database/leases/one-instance-job';
import { AgentsService } from '../agents/agents.service';
import { EcosystemsService } from '../ecosystems/ecosystems.service';

export const PRICE_BACKFILL_EVERY_MS = 10 * 60 * 1000;
/** Per kind and run: a large catalogue saved without prices is priced over several runs. */
export const PRICE_BACKFILL_BATCH = 500;

/**
 * Paid agents and ecosystems saved before payments existed (or while the gateway was down) get
 * their price: once as the application starts and then every ten minutes, by one instance, in the
 * background, so that neither start-up nor the other instances wait for the gateway.
 */
@Injectable()
export class PriceBackfill extends OneInstanceJob<number> {
  constructor(
    private readonly agents: AgentsService,
    private readonly ecosystems: EcosystemsService,
    leases: Leases,
  ) {
    super(leases, { name: 'price-backfill', everyMs: PRICE_BACKFILL_EVERY_MS, logger: new Logger('Payments'), atStart: true });
  }

  /** Answers how many were priced. */
  protected async run(): Promise<number> {
    return (await this.agents.backfillPrices(PRICE_BACKFILL_BATCH)) + (await this.ecosystems.backfillPrices(PRICE_BACKFILL_BATCH));
  }
}
