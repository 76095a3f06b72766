import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In } from 'typeorm';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { countPublishedAgentCall } from '../metrics/instruments';
import { ApiCallIdempotency } from './entities/api-call-idempotency.entity';
import { ApiKey } from './entities/api-key.entity';
import { ApiKeyUsage } from './entities/api-key-usage.entity';
import { UsageJournalPosition } from './entities/usage-journal-position.entity';
import { abandonedJournals, journalDirOf, type JournalPosition, type MeteredCall, readJournal, removeJournal, UsageJournal } from './usage-journal';

/** How often the buffered figures are written. */
export const USAGE_FLUSH_MS = 2_000;
/** A journal is ended and a new one begun, once written, past this size. */
const JOURNAL_ROTATE_BYTES = 16 * 1024 * 1024;

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
  /** The client's Idempotency-Key: an answered call with one is counted once however often it is sent. */
  idempotencyKey?: string;
}

/** A key's use on one day, as the ledger (api_key_usage) or memory holds it. */
export type UsageRow = Pick<Figures, 'requests' | 'errors' | 'inputTokens' | 'outputTokens'>;

/** What one write to the database carries: figures, the calls to count once, and the journal positions they reach. */
interface Batch {
  figures: Map<string, Figures>;
  idempotent: MeteredCall[];
  lastUsed: Map<string, number>;
  positions: JournalPosition[];
}

const DAY_MS = 86_400_000;
let dayStart = 0;
let dayText = '';
/** The UTC day of `time` ('2026-11-26'): worked out once a day, not on every metered call. */
function dayOf(time: number): string {
  if (time >= dayStart && time < dayStart + DAY_MS) return dayText;
  const start = Math.floor(time / DAY_MS) * DAY_MS;
  const text = new Date(start).toISOString().slice(0, 10);
  // A replayed call of an earlier day leaves today's in place.
  if (start > dayStart) {
    dayStart = start;
    dayText = text;
  }
  return text;
}

/** Rows a statement writes or looks up at once (both databases cap a statement's parameters). */
const ROWS_PER_STATEMENT = 500;

function chunksOf<T>(items: T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT) chunks.push(items.slice(start, start + ROWS_PER_STATEMENT));
  return chunks;
}

/**
 * Every call with a key is counted here (requests, errors, tokens, latency per key and day). A
 * call that ends is first appended to this process' journal (UsageJournal: a synchronous write,
 * before the answer's last bytes leave) and added up in memory; every USAGE_FLUSH_MS the figures
 * are written as one transaction that also records how far into the journal they go. A process
 * killed before that write leaves its journal, which the next start on the same directory
 * replays from the recorded position: nothing lost, nothing counted twice. A failed write keeps
 * the figures for the next one, and the position with them. An answered call sent with an
 * Idempotency-Key is counted only if no call with the same key and Idempotency-Key is in the
 * ledger (api_call_idempotency, checked in the same transaction), so a client's retry that
 * reaches another instance is not counted again. (The monthly quotas are counted apart, on each
 * key's row: KeyQuotas.)
 */
@Injectable()
export class UsageMeter implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('Publications');
  private readonly journalDir: string;
  private journal: UsageJournal | null = null;
  private figures = new Map<string, Figures>();
  private idempotent: MeteredCall[] = [];
  /** Journals ended (rotated or closed) whose end the ledger does not record yet. */
  private ended: JournalPosition[] = [];
  /** Calls begun and not ended, per key: they count against a spending cap meanwhile. */
  private readonly inFlight = new Map<string, number>();
  /** When each key was last used (epoch ms), since the last write. */
  private lastUsed = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | null = null;
  /** Batches taken from memory to be written, so far: a read of the ledger that sees it change read again. */
  private batchesTaken = 0;
  private replayed = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.journalDir = journalDirOf(config.metering.journalDir);
  }

  /** Opens this process' journal, then puts into the ledger what killed processes left in theirs. */
  async onModuleInit(): Promise<void> {
    this.journal = new UsageJournal(this.journalDir);
    await this.replayAbandoned();
    this.timer = setInterval(() => void this.flush(), USAGE_FLUSH_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /**
   * Calls that ended after the first flush (the HTTP server closes in between); then the journal
   * ends, and goes once the ledger records its end. If that last write fails, the next start
   * replays it.
   */
  async onApplicationShutdown(): Promise<void> {
    if (this.journal) {
      const ended = this.journal.close();
      this.journal = null;
      if (ended.position === 0) removeJournal(this.journalDir, ended.journal);
      else this.ended.push(ended);
    }
    await this.flush();
  }

  /** A call starts. */
  begin(keyId: string, now = Date.now()): void {
    this.inFlight.set(keyId, (this.inFlight.get(keyId) ?? 0) + 1);
    this.lastUsed.set(keyId, now);
  }

  /** A call ends: journaled, then counted. Call it before the answer's last bytes are written. */
  end(keyId: string, publicationId: string, outcome: CallOutcome, now = Date.now()): void {
    countPublishedAgentCall(outcome.failed);
    const running = (this.inFlight.get(keyId) ?? 1) - 1;
    if (running > 0) this.inFlight.set(keyId, running);
    else this.inFlight.delete(keyId);
    const call: MeteredCall = {
      at: now,
      keyId,
      publicationId,
      failed: outcome.failed,
      inputTokens: outcome.inputTokens,
      outputTokens: outcome.outputTokens,
      latencyMs: Math.max(0, Math.round(outcome.latencyMs)),
      // A failed call is not charged: its retry, answered, must be.
      ...(outcome.idempotencyKey && !outcome.failed ? { idempotencyKey: outcome.idempotencyKey } : {}),
    };
    try {
      this.journal?.append(call);
    } catch (error) {
      // Counted all the same: only a kill before the next write would lose it.
      this.logger.warn(`No se pudo anotar una llamada en el diario de uso ${this.journalDir}: ${String(error)}`);
    }
    if (call.idempotencyKey) this.idempotent.push(call);
    else addCall(this.figures, call);
  }

  /**
   * The ledger's rows for a key's month (read by `readLedger`) and what this instance counted and has
   * not written yet, calls under way included, each call once: a write moves figures from memory to
   * the database, so a read waits for a write under way, and is made again when a write took its
   * figures meanwhile (it may have read the database before they got there).
   */
  async withUnwritten(keyId: string, month: string, readLedger: () => Promise<UsageRow[]>): Promise<UsageRow[]> {
    for (;;) {
      // A failed write keeps its figures in memory (putBack); the read goes on either way.
      await this.flushing?.catch(() => undefined);
      const taken = this.batchesTaken;
      const rows = await readLedger();
      if (this.batchesTaken === taken) return [...rows, ...this.unwritten(keyId, month)];
    }
  }

  private unwritten(keyId: string, month: string): UsageRow[] {
    const rows: UsageRow[] = [];
    for (const figures of this.figures.values()) if (figures.keyId === keyId && figures.day.startsWith(month)) rows.push(figures);
    for (const call of this.idempotent) if (call.keyId === keyId && dayOf(call.at).startsWith(month)) rows.push({ requests: 1, errors: 0, inputTokens: call.inputTokens, outputTokens: call.outputTokens });
    const running = this.inFlight.get(keyId);
    if (running) rows.push({ requests: running, errors: 0, inputTokens: 0, outputTokens: 0 });
    return rows;
  }

  /** Writes what is buffered; concurrent callers wait for the same write. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing.then(() => this.flush());
    if (this.figures.size === 0 && this.idempotent.length === 0 && this.lastUsed.size === 0 && this.ended.length === 0 && this.replayed) return Promise.resolve();
    this.flushing = this.write().finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (!this.replayed) await this.replayAbandoned();
    const batch = this.takeBatch();
    try {
      await this.dataSource.transaction((manager) => applyBatch(manager, batch));
    } catch (error) {
      this.putBack(batch);
      this.logger.warn(`No se pudo guardar el uso de las claves de API; se reintentará: ${String(error)}`);
      return;
    }
    for (const position of batch.positions) if (position.closed) removeJournal(this.journalDir, position.journal);
  }

  /** Takes what is buffered, and the journal positions it reaches, in one synchronous step. */
  private takeBatch(): Batch {
    this.batchesTaken += 1;
    if (this.journal && this.journal.bytes > JOURNAL_ROTATE_BYTES) this.ended.push(this.journal.rotate());
    const batch: Batch = {
      figures: this.figures,
      idempotent: this.idempotent,
      lastUsed: this.lastUsed,
      positions: [...this.ended, ...(this.journal && this.journal.bytes > 0 ? [this.journal.position()] : [])],
    };
    this.figures = new Map();
    this.idempotent = [];
    this.lastUsed = new Map();
    this.ended = [];
    return batch;
  }

  /** A batch that was not written goes back to be written with the next one. */
  private putBack(batch: Batch): void {
    for (const figures of batch.figures.values()) addFigures(this.figures, figures);
    this.idempotent = [...batch.idempotent, ...this.idempotent];
    for (const [keyId, at] of batch.lastUsed) if (!this.lastUsed.has(keyId)) this.lastUsed.set(keyId, at);
    this.ended = [...batch.positions.filter((position) => position.closed), ...this.ended];
  }

  /**
   * Puts into the ledger the calls of every journal no running process writes, from the position
   * the ledger records for it, and removes it. Each journal in one transaction that also records
   * it as closed, with its position row locked on PostgreSQL: two instances starting together on
   * one directory apply it once.
   */
  private async replayAbandoned(): Promise<void> {
    let failed = false;
    for (const { holder, journals } of abandonedJournals(this.journalDir)) {
      try {
        for (const journal of journals) await this.replay(journal);
        // Every answered call of the dead process is counted now: its other claims ran no more.
        await this.dataSource.getRepository(ApiCallIdempotency).delete({ holder, counted: false });
      } catch (error) {
        failed = true;
        this.logger.warn(`No se pudo recuperar el diario de uso de ${holder}; se reintentará: ${String(error)}`);
      }
    }
    this.replayed = !failed;
  }

  private async replay(journal: string): Promise<void> {
    const applied = await this.dataSource.transaction(async (manager) => {
      const query = manager.createQueryBuilder(UsageJournalPosition, 'journal').where('journal.journal = :journal', { journal });
      if (manager.connection.driver.options.type === 'postgres') query.setLock('pessimistic_write');
      const recorded = await query.getOne();
      if (recorded?.closed) return 0;
      const { calls, end } = readJournal(this.journalDir, journal, recorded?.position ?? 0);
      const batch: Batch = { figures: new Map(), idempotent: [], lastUsed: new Map(), positions: [{ journal, position: end, closed: true }] };
      for (const call of calls) {
        if (call.idempotencyKey) batch.idempotent.push(call);
        else addCall(batch.figures, call);
        batch.lastUsed.set(call.keyId, Math.max(call.at, batch.lastUsed.get(call.keyId) ?? 0));
      }
      await applyBatch(manager, batch);
      return calls.length;
    });
    removeJournal(this.journalDir, journal);
    if (applied > 0) this.logger.log(`Recuperadas ${applied} llamadas medidas del diario ${journal} de un proceso terminado.`);
  }

  /** This process' name on the Idempotency-Keys its calls claim. */
  get holder(): string {
    return this.journal?.holder ?? '';
  }
}

/**
 * Writes a batch in the caller's transaction: the answered calls with an Idempotency-Key not yet
 * in the ledger (a retry's is skipped), the figures of keys that still exist (a publication
 * deleted meanwhile took its keys and their usage), when each key was last used, and the
 * journal positions all that reaches.
 */
async function applyBatch(manager: EntityManager, batch: Batch): Promise<void> {
  const figures = new Map<string, Figures>();
  for (const row of batch.figures.values()) addFigures(figures, row);
  if (batch.idempotent.length > 0) await countOnce(manager, batch.idempotent, figures);
  const keyIds = [...new Set([...[...figures.values()].map((row) => row.keyId), ...batch.lastUsed.keys()])];
  const existing = new Set<string>();
  for (const ids of chunksOf(keyIds)) for (const key of await manager.find(ApiKey, { select: { id: true }, where: { id: In(ids) } })) existing.add(key.id);
  for (const rows of chunksOf([...figures.values()].filter((row) => existing.has(row.keyId)))) await upsertUsage(manager, rows);
  for (const [keyId, at] of batch.lastUsed) if (existing.has(keyId)) await manager.update(ApiKey, { id: keyId }, { lastUsedAt: new Date(at) });
  const now = Date.now();
  if (batch.positions.length > 0) {
    await manager
      .createQueryBuilder()
      .insert()
      .into(UsageJournalPosition)
      .values(batch.positions.map((position) => ({ ...position, updatedAt: now })))
      .orUpdate(['position', 'closed', 'updated_at'], ['journal'])
      .execute();
  }
}

/**
 * Adds to `figures` the answered calls sent with an Idempotency-Key that the ledger does not count
 * yet, and marks each counted. The conditional update waits, on PostgreSQL, for another
 * instance's transaction on the same claim, then finds it counted and skips the call; a claim
 * gone (lapsed, or never taken by a replayed call) is inserted counted, and another instance's
 * insert committed meanwhile fails this transaction, whose retry then skips the call.
 */
async function countOnce(manager: EntityManager, calls: MeteredCall[], figures: Map<string, Figures>): Promise<void> {
  const known = new Map<string, boolean>();
  for (const chunk of chunksOf(calls)) {
    const rows = await manager.find(ApiCallIdempotency, {
      select: { keyId: true, idempotencyKey: true, counted: true },
      where: chunk.map((call) => ({ keyId: call.keyId, idempotencyKey: call.idempotencyKey })),
    });
    for (const row of rows) known.set(`${row.keyId} ${row.idempotencyKey}`, row.counted);
  }
  for (const call of calls) {
    const id = `${call.keyId} ${call.idempotencyKey}`;
    const counted = known.get(id);
    if (counted) continue;
    const where = { keyId: call.keyId, idempotencyKey: call.idempotencyKey as string };
    if (counted === false) {
      if (!(await manager.update(ApiCallIdempotency, { ...where, counted: false }, { answered: true, counted: true })).affected) continue;
    } else {
      await manager.insert(ApiCallIdempotency, { ...where, createdAt: call.at, holder: '', answered: true, counted: true });
    }
    known.set(id, true);
    addCall(figures, call);
  }
}

function addCall(into: Map<string, Figures>, call: MeteredCall): void {
  const day = dayOf(call.at);
  const id = `${call.keyId}|${day}`;
  let figures = into.get(id);
  if (!figures) {
    figures = { keyId: call.keyId, publicationId: call.publicationId, day, requests: 0, errors: 0, inputTokens: 0, outputTokens: 0, latencyMsTotal: 0 };
    into.set(id, figures);
  }
  figures.requests += 1;
  if (call.failed) figures.errors += 1;
  figures.inputTokens += call.inputTokens;
  figures.outputTokens += call.outputTokens;
  figures.latencyMsTotal += call.latencyMs;
}

function addFigures(into: Map<string, Figures>, row: Figures): void {
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

/** Adds keys' figures for a day to what is stored (SQLite 3.24+ and PostgreSQL both speak ON CONFLICT). */
async function upsertUsage(manager: EntityManager, rows: Figures[]): Promise<void> {
  const add = (column: string) => `"${column}" = "api_key_usage"."${column}" + EXCLUDED."${column}"`;
  await manager
    .createQueryBuilder()
    .insert()
    .into(ApiKeyUsage)
    .values(rows)
    .onConflict(`("key_id", "day") DO UPDATE SET ${['requests', 'errors', 'input_tokens', 'output_tokens', 'latency_ms_total'].map(add).join(', ')}`)
    .execute();
}
