import { randomUUID, timingSafeEqual } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThan, Not, Repository } from 'typeorm';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { Leases } from '../../database/leases/leases';
import { FilesService } from '../files/files.service';
import { DATA_EXPORT_TTL_MS, DataExportPreparer } from './data-export-preparer';
import { DataExportExpiredError, DataExportLimitError, DataExportLinkError, DataExportNotFoundError, DataExportNotReadyError } from './data-export.errors';
import type { DataExportDto, DataExportRequestedDto } from './dto/data-export.dto';
import { DataExport } from './entities/data-export.entity';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Held while one request checks the day's rule and stores its export, so that two at once make one. */
const REQUEST_LEASE_MS = 10_000;

/** The ZIP as the download route answers it. */
export interface DataExportDownload {
  bytes: Buffer;
  name: string;
}

/**
 * 'Descargar mis datos' (issue 37): a user asks for their data at most once a day; it is prepared
 * in the background (DataExportPreparer) and downloadable for 24 hours through a signed link that
 * also needs their session. Only its owner ever sees an export: not even an admin.
 */
@Injectable()
export class DataExportService {
  private readonly logger = new Logger('DataExport');

  constructor(
    @InjectRepository(DataExport) private readonly exports: Repository<DataExport>,
    private readonly preparer: DataExportPreparer,
    private readonly files: FilesService,
    private readonly leases: Leases,
  ) {}

  /** POST /me/export. A failed export does not count towards the day's one. */
  async request(identity: VerifiedIdentity, now = new Date()): Promise<DataExportRequestedDto> {
    const lease = `data-export-request:${identity.sub}`;
    if (!(await this.leases.take(lease, REQUEST_LEASE_MS, { now }))) throw new DataExportLimitError(Math.ceil(DATA_EXPORT_TTL_MS / 1000));
    let created: DataExport;
    try {
      const latest = await this.exports.findOne({
        where: { userSub: identity.sub, status: Not('failed'), requestedAt: MoreThan(new Date(now.getTime() - DATA_EXPORT_TTL_MS)) },
        order: { requestedAt: 'DESC' },
      });
      if (latest) throw new DataExportLimitError(Math.max(1, Math.ceil((latest.requestedAt.getTime() + DATA_EXPORT_TTL_MS - now.getTime()) / 1000)));
      created = this.exports.create({ id: randomUUID(), userSub: identity.sub, userEmail: identity.email, status: 'preparing', fileId: null, token: null, attempts: 0, requestedAt: now, expiresAt: null });
      await this.exports.insert(created);
    } finally {
      await this.leases.release(lease);
    }
    // Started at once here; DataExportJob takes it up on any instance if this one stops first.
    void this.preparer.prepare(created.id).catch((error: unknown) => this.logger.warn(`Exportación ${created.id}: ${String(error)}`));
    return { id: created.id, status: created.status };
  }

  /** GET /me/export/{id}: its state and, once ready and until it expires, its link. */
  async status(identity: VerifiedIdentity, exportId: string, now = new Date()): Promise<DataExportDto> {
    const row = await this.owned(identity, exportId);
    if (row.status !== 'ready' || !row.expiresAt || !row.token) return { id: row.id, status: row.status };
    if (row.expiresAt <= now) throw new DataExportExpiredError();
    return { id: row.id, status: row.status, url: `/api/me/export/${row.id}/download?signature=${row.token}`, expiresAt: row.expiresAt.toISOString() };
  }

  /** GET /me/export/{id}/download: the ZIP, for its owner's session with the link's signature, within 24 hours. */
  async download(identity: VerifiedIdentity, exportId: string, signature: unknown, now = new Date()): Promise<DataExportDownload> {
    const row = await this.owned(identity, exportId);
    if (row.status !== 'ready' || !row.fileId || !row.token || !row.expiresAt) throw new DataExportNotReadyError();
    if (row.expiresAt <= now) throw new DataExportExpiredError();
    if (typeof signature !== 'string' || !sameText(signature, row.token)) throw new DataExportLinkError();
    const file = await this.files.ownedContent(identity, row.fileId);
    return { bytes: file.bytes, name: file.name ?? 'mis-datos.zip' };
  }

  /** Removes the exports whose link expired (their ZIP too) and the failed ones older than a day; answers how many. */
  async removeExpired(now: Date): Promise<number> {
    const dayAgo = new Date(now.getTime() - DATA_EXPORT_TTL_MS);
    const gone = await this.exports
      .createQueryBuilder('e')
      .where('e.expires_at <= :now', { now })
      .orWhere('e.status = :failed AND e.requested_at <= :dayAgo', { failed: 'failed', dayAgo })
      .getMany();
    for (const row of gone) {
      if (row.fileId) await this.files.remove(row.fileId);
      await this.exports.delete({ id: row.id });
    }
    return gone.length;
  }

  /** The exports still being prepared, oldest first. */
  async pending(limit: number): Promise<string[]> {
    const rows = await this.exports.find({ select: { id: true }, where: { status: 'preparing' }, order: { requestedAt: 'ASC' }, take: limit });
    return rows.map((row) => row.id);
  }

  private async owned(identity: VerifiedIdentity, exportId: string): Promise<DataExport> {
    const row = UUID_PATTERN.test(exportId) ? await this.exports.findOneBy({ id: exportId }) : null;
    if (!row || row.userSub !== identity.sub) throw new DataExportNotFoundError();
    return row;
  }
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
