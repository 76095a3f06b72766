import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Leases } from './leases';

/**
 * A periodic job that every instance schedules but only one runs each period: the one that takes
 * the period's lease. Subclasses name the job and say what one run does.
 */
export abstract class OneInstanceJob<Result> implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  protected constructor(
    protected readonly leases: Leases,
    /** `atStart`: also run once as the application starts, in the background (start-up does not wait for it). */
    private readonly job: { name: string; everyMs: number; logger: Logger; atStart?: boolean },
  ) {}

  protected abstract run(now: Date): Promise<Result>;

  onApplicationBootstrap(): void {
    const runInBackground = () => void this.runIfLeader().catch((error: unknown) => this.job.logger.warn(`${this.job.name}: ${String(error)}`));
    this.timer = setInterval(runInBackground, this.job.everyMs);
    this.timer.unref();
    if (this.job.atStart) runInBackground();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Runs when this instance takes the period's lease (a minute shorter than the period); null when another holds it. */
  async runIfLeader(now = new Date()): Promise<Result | null> {
    if (!(await this.leases.take(this.job.name, this.job.everyMs - 60_000, { now }))) return null;
    return this.run(now);
  }
}
