import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { FileUrlSecret } from './entities/file-url-secret.entity';
import { SIGNED_URL_TTL_SECONDS } from './files.constants';

const SECRET_ID = 'content-url';
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const EXPIRES_PATTERN = /^\d{1,12}$/;

export interface SignedUrlParts {
  expires: number;
  signature: string;
}

/**
 * Signs and checks the content URLs of files: HMAC-SHA256 over the file id and the expiry, with a
 * secret made on first start and kept in the database, so that a URL one instance signs every
 * other instance accepts. Nothing secret comes from the configuration.
 */
@Injectable()
export class FileUrlSigner implements OnApplicationBootstrap {
  private secret: Promise<Buffer> | undefined;

  constructor(@InjectRepository(FileUrlSecret) private readonly secrets: Repository<FileUrlSecret>) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.key();
  }

  /** `/api/files/{id}/content?expires=…&signature=…`, valid for an hour from `now`. */
  async sign(fileId: string, now = Date.now()): Promise<string> {
    const expires = Math.floor(now / 1000) + SIGNED_URL_TTL_SECONDS;
    return contentUrl(fileId, expires, await this.signature(fileId, expires));
  }

  /** Seconds the URL stays valid, or null when it is forged, altered or expired. */
  async verify(fileId: string, expires: unknown, signature: unknown, now = Date.now()): Promise<number | null> {
    if (typeof expires !== 'string' || !EXPIRES_PATTERN.test(expires)) return null;
    if (typeof signature !== 'string' || !SIGNATURE_PATTERN.test(signature)) return null;
    const expected = Buffer.from(await this.signature(fileId, Number(expires)), 'base64url');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'base64url'))) return null;
    const remaining = Number(expires) - Math.floor(now / 1000);
    return remaining > 0 ? remaining : null;
  }

  /** For tests and tools: the signature of any expiry, including one in the past. */
  async signature(fileId: string, expires: number): Promise<string> {
    return createHmac('sha256', await this.key()).update(`files.content.v1\n${fileId}\n${expires}`).digest('base64url');
  }

  private key(): Promise<Buffer> {
    this.secret ??= this.loadOrCreate().catch((error: unknown) => {
      this.secret = undefined;
      throw error;
    });
    return this.secret;
  }

  /**
   * Insert-if-absent then read: when several instances start together, one insert wins and all
   * read the same row, without a lock.
   */
  private async loadOrCreate(): Promise<Buffer> {
    await this.secrets
      .createQueryBuilder()
      .insert()
      .into(FileUrlSecret)
      .values({ id: SECRET_ID, secret: randomBytes(32).toString('base64url') })
      .orIgnore()
      .execute();
    const row = await this.secrets.findOneByOrFail({ id: SECRET_ID });
    return Buffer.from(row.secret, 'base64url');
  }
}

export function contentPath(fileId: string): string {
  return `/api/files/${fileId}/content`;
}

export function contentUrl(fileId: string, expires: number, signature: string): string {
  return `${contentPath(fileId)}?expires=${expires}&signature=${signature}`;
}
