import { Injectable, Logger } from '@nestjs/common';
import { Leases } from '../../database/leases/leases';
import { OneInstanceJob } from '../../database/leases/one-instance-job';
import { DataExportPreparer } from './data-export-preparer';
import { DataExportService } from './data-export.service';

export const DATA_EXPORT_JOB_EVERY_MS = 2 * 60 * 1000;
/** Exports taken up per run; the rest wait for the next. */
const PER_RUN = 20;

/**
 * Every two minutes, on one instance (a lease), and once at start-up: prepares the exports still
 * preparing that no instance holds (one whose instance stopped, after its lease ran out) and
 * removes those whose 24 hours are over, ZIP included.
 */
@Injectable()
export class DataExportJob extends OneInstanceJob<{ prepared: number; removed: number }> {
  constructor(
    private readonly service: DataExportService,
    private readonly preparer: DataExportPreparer,
    leases: Leases,
  ) {
    super(leases, { name: 'data-export', everyMs: DATA_EXPORT_JOB_EVERY_MS, logger: new Logger('DataExport'), atStart: true });
  }

  protected async run(now: Date): Promise<{ prepared: number; removed: number }> {
    let prepared = 0;
    for (const id of await this.service.pending(PER_RUN)) if (await this.preparer.prepare(id, now)) prepared += 1;
    return { prepared, removed: await this.service.removeExpired(now) };
  }
}
