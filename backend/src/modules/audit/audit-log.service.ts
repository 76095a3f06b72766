import { createHash, createHmac } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditEntry } from './audit-entry.entity';
import { AUDIT_HMAC_KEY } from './audit-key';
import type { AuditEntryDto, AuditPageDto, AuditState, AuditVerificationDto } from './dto/audit.dto';

/** The hash before the first row. */
export const GENESIS_HASH = '0'.repeat(64);

export interface AuditEvent {
  /** The identity subject of who did it ('system' for the server itself). */
  actorSub: string;
  /** What was done, e.g. 'user.disable', 'user.role', 'agent.update', 'agent.prompt'. */
  action: string;
  /** What it was done to, e.g. 'user:{sub}', 'agent:{id}'. */
  target: string;
  before?: unknown;
  after?: unknown;
}

/** JSON with object keys sorted at every level, so that the same value always hashes the same. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * The row's hash: an HMAC-SHA256 with the audit key over its canonical form and the previous row's
 * hash; without a key, the plain SHA-256 the chain used before it had one (still checked for those
 * rows).
 */
export function auditHash(row: Omit<AuditEntry, 'hash'>, key: Buffer | null): string {
  const canonical = canonicalJson({
    id: row.id,
    at: new Date(row.at).toISOString(),
    actorSub: row.actorSub,
    action: row.action,
    target: row.target,
    before: row.beforeJson,
    after: row.afterJson,
    prevHash: row.prevHash,
  });
  return (key ? createHmac('sha256', key) : createHash('sha256')).update(canonical).digest('hex');
}

/**
 * The append-only audit log of admin actions and of changes to money or roles: who, what, when,
 * before and after, each row chained to the previous one by an HMAC with a key kept outside the
 * database (AUDIT_HMAC_KEY), so that an edited or deleted row breaks the chain even for someone
 * who can write to the database and recompute hashes (GET /api-admin/audit/verify). Exported for
 * other modules to record theirs.
 */
@Injectable()
export class AuditLog {
  private readonly logger = new Logger('AuditLog');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(AUDIT_HMAC_KEY) private readonly key: Buffer,
  ) {}

  /**
   * For changes already made at the payment provider (provider first, then store): the change
   * stands even when its audit row cannot be written, and the failure is logged as an error.
   */
  async recordAfterTheFact(event: AuditEvent): Promise<void> {
    try {
      await this.record(event);
    } catch (error) {
      this.logger.error(`No se pudo anotar ${event.action} de ${event.target} en el registro de auditoría: ${(error as Error).message}`);
    }
  }

  /** The newest entry with this action and target, or null. */
  async latest(action: string, target: string): Promise<AuditEntryDto | null> {
    const row = await this.dataSource.getRepository(AuditEntry).findOne({ where: { action, target }, order: { id: 'DESC' } });
    return row ? toDto(row) : null;
  }

  async record(event: AuditEvent): Promise<AuditEntryDto> {
    // Ids are consecutive and chosen here, so two writers racing for the same id: one retries.
    for (let attempt = 0; ; attempt += 1) {
      try {
        return toDto(await this.dataSource.transaction((manager) => this.append(manager.getRepository(AuditEntry), event)));
      } catch (error) {
        if (attempt >= 9 || !isUniqueViolation(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
      }
    }
  }

  async page(page: number, limit: number): Promise<AuditPageDto> {
    const [rows, total] = await this.dataSource.getRepository(AuditEntry).findAndCount({
      order: { id: 'DESC' },
      skip: (page - 1) * limit,
      take: limit,
    });
    return { items: rows.map(toDto), total, page, limit };
  }

  /**
   * Walks the chain from the first row; a row whose link or hash does not hold is the first broken
   * one. Rows written before the chain had a key may carry plain hashes, but only before the first
   * signed row: once one is signed, every later row must be, so that rewriting a row and
   * recomputing the plain hashes of the rows after it is caught at that row.
   */
  async verify(): Promise<AuditVerificationDto> {
    const repository = this.dataSource.getRepository(AuditEntry);
    const [newest] = await repository.find({ order: { id: 'DESC' }, take: 1 });
    const head = newest ? { id: newest.id, at: new Date(newest.at).toISOString(), hash: newest.hash } : null;
    let prevHash = GENESIS_HASH;
    let expectedId = 1;
    let checked = 0;
    let keyedFrom: number | null = null;
    const batch = 500;
    for (let after = 0; ; ) {
      const rows = await repository.createQueryBuilder('entry').where('entry.id > :after', { after }).orderBy('entry.id', 'ASC').take(batch).getMany();
      for (const row of rows) {
        checked += 1;
        const signed = auditHash(row, this.key) === row.hash;
        if (signed) keyedFrom ??= row.id;
        const plainBeforeAnySigned = keyedFrom === null && auditHash(row, null) === row.hash;
        // A deleted row leaves a gap in the ids; an edited one no longer matches its hash.
        if (row.id !== expectedId || row.prevHash !== prevHash || !(signed || plainBeforeAnySigned)) {
          return { valid: false, checked, firstBrokenId: row.id, keyedFrom, head };
        }
        prevHash = row.hash;
        expectedId += 1;
      }
      if (rows.length < batch) return { valid: true, checked, keyedFrom, head };
      after = rows[rows.length - 1].id;
    }
  }

  private async append(repository: import('typeorm').Repository<AuditEntry>, event: AuditEvent): Promise<AuditEntry> {
    const last = await repository.find({ order: { id: 'DESC' }, take: 1 });
    const at = new Date();
    // Stored to the millisecond, so the hash is over what both databases keep.
    const row: Omit<AuditEntry, 'hash'> = {
      id: (last[0]?.id ?? 0) + 1,
      at,
      actorSub: event.actorSub,
      action: event.action,
      target: event.target.slice(0, 200),
      beforeJson: event.before === undefined ? null : canonicalJson(event.before),
      afterJson: event.after === undefined ? null : canonicalJson(event.after),
      prevHash: last[0]?.hash ?? GENESIS_HASH,
    };
    const entry = { ...row, hash: auditHash(row, this.key) };
    await repository.insert(entry);
    return entry;
  }
}

// Every recorder passes an object (or nothing) as before and after.
function toDto(row: AuditEntry): AuditEntryDto {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    actorSub: row.actorSub,
    action: row.action,
    target: row.target,
    before: row.beforeJson === null ? null : (JSON.parse(row.beforeJson) as AuditState),
    after: row.afterJson === null ? null : (JSON.parse(row.afterJson) as AuditState),
    prevHash: row.prevHash,
    hash: row.hash,
  };
}

function isUniqueViolation(error: unknown): boolean {
  const record = error as { code?: string; driverError?: { code?: string } } | null;
  const code = record?.driverError?.code ?? record?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT';
}
