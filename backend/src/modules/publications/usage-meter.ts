import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ApiKey } from './entities/api-key.entity';
import { ApiKeyUsage } from './entities/api-key-usage.entity';
import { countPublishedAgentCall } from '../metrics/instruments';

/** How often the buffered figures are written. */
export const USAGE_FLUSH_MS = 2_000;

interface Figures {
  keyId: string;
  publicationId: string;
  day: string;
  requests: number;
  errors: number;
  inputTokens: number;
  outputTokens: number;
  latencyMsTotal: number;
}

export interface CallOutcome {
  failed: boolean;
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
}

const DAY_MS = 86_400_000;
let dayStart = 0;
let dayText = '';
/** The UTC day of `time` ('2026-11-26'): worked out once a day, not on every metered call. */
function dayOf(time: number): string {
  if (time < dayStart || time >= dayStart + DAY_MS) {
    dayStart = Math.floor(time / DAY_MS) * DAY_MS;
    dayText = new Date(dayStart).toISOString().slice(0, 10);
  }
  return dayText;
}

/**
 * Every call with a key is counted here, in memory, and written every USAGE_FLUSH_MS as one
 * upsert per key and day, so that metering costs the call nothing. The buffer is written again
 * when the application stops (SIGTERM included: enableShutdownHooks), before the database
 * closes. (The monthly quotas are counted apart, on each key's row: KeyQuotas.)
 */
@Injectable()
export class UsageMeter implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('Publications');
  private pending = new Map<string, Figures>();
  /** When each key was last used (epoch ms), since the last write. */
  private lastUsed = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | null = null;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), USAGE_FLUSH_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /** Calls that ended after the first flush (the HTTP server closes in between). */
  async onApplicationShutdown(): Promise<void> {
    await this.flush();
  }

  /** A call starts: it counts against the monthly request quota at once. */
  begin(keyId: string, publicationId: string, now = Date.now()): void {
    this.figures(keyId, publicationId, now).requests += 1;
    this.lastUsed.set(keyId, now);
  }

  end(keyId: string, publicationId: string, outcome: CallOutcome, now = Date.now()): void {
    countPublishedAgentCall(outcome.failed);
    const figures = this.figures(keyId, publicationId, now);
    if (outcome.failed) figures.errors += 1;
    figures.inputTokens += outcome.inputTokens;
    figures.outputTokens += outcome.outputTokens;
    figures.latencyMsTotal += Math.max(0, Math.round(outcome.latencyMs));
  }

  /** What this instance counted for a key in a month (YYYY-MM) and has not written yet. */
  unwritten(keyId: string, month: string): Figures[] {
    return [...this.pending.values()].filter((figures) => figures.keyId === keyId && figures.day.startsWith(month));
  }

  /** Writes what is buffered; concurrent callers wait for the same write. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing.then(() => this.flush());
    if (this.pending.size === 0 && this.lastUsed.size === 0) return Promise.resolve();
    this.flushing = this.write().finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async write(): Promise<void> {
    const rows = [...this.pending.values()];
    this.pending = new Map();
    const lastUsed = this.lastUsed;
    this.lastUsed = new Map();
    try {
      await this.dataSource.transaction(async (manager) => {
        for (const row of rows) {
          await upsert(manager, row);
        }
        for (const [keyId, at] of lastUsed) await manager.update(ApiKey, { id: keyId }, { lastUsedAt: new Date(at) });
      });
    } catch {
      // One by one: the rows of a publication deleted meanwhile are dropped with it (its foreign
      // key refuses them); anything else that fails goes back into the buffer for the next flush.
      await this.writeOneByOne(rows, lastUsed);
    }
  }

  private async writeOneByOne(rows: Figures[], lastUsed: Map<string, number>): Promise<void> {
    let failures = 0;
    for (const row of rows) {
      try {
        await upsert(this.dataSource.manager, row);
      } catch (error) {
        if (isForeignKeyError(error)) continue;
        failures += 1;
        this.merge(this.pending, row);
      }
    }
    for (const [keyId, at] of lastUsed) {
      try {
        await this.dataSource.manager.update(ApiKey, { id: keyId }, { lastUsedAt: new Date(at) });
      } catch {
        failures += 1;
        if (!this.lastUsed.has(keyId)) this.lastUsed.set(keyId, at);
      }
    }
    if (failures > 0) this.logger.warn(`No se pudo guardar el uso de ${failures} claves de API; se reintentará.`);
  }

  private figures(keyId: string, publicationId: string, now: number): Figures {
    const day = dayOf(now);
    const id = `${keyId}|${day}`;
    let figures = this.pending.get(id);
    if (!figures) {
      figures = { keyId, publicationId, day, requests: 0, errors: 0, inputTokens: 0, outputTokens: 0, latencyMsTotal: 0 };
      this.pending.set(id, figures);
    }
    return figures;
  }

  private merge(into: Map<string, Figures>, row: Figures): void {
    const id = `${row.keyId}|${row.day}`;
    const existing = into.get(id);
    if (!existing) {
      into.set(id, { ...row });
      return;
    }
    existing.requests += row.requests;
    existing.errors += row.errors;
    existing.inputTokens += row.inputTokens;
    existing.outputTokens += row.outputTokens;
    existing.latencyMsTotal += row.latencyMsTotal;
  }
}

function isForeignKeyError(error: unknown): boolean {
  const text = `${(error as { code?: unknown })?.code ?? ''} ${error instanceof Error ? error.message : ''}`;
  return /FOREIGN KEY|23503/i.test(text);
}

/** Adds a key's figures for a day to what is stored (SQLite 3.24+ and PostgreSQL both speak ON CONFLICT). */
async function upsert(manager: EntityManager, row: Figures): Promise<void> {
  const add = (column: string) => `"${column}" = "api_key_usage"."${column}" + EXCLUDED."${column}"`;
  await manager
    .createQueryBuilder()
    .insert()
    .into(ApiKeyUsage)
    .values(row)
    .onConflict(`("key_id", "day") DO UPDATE SET ${['requests', 'errors', 'input_tokens', 'output_tokens', 'latency_ms_total'].map(add).join(', ')}`)
    .execute();
}
