import { createHash, randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { mayModify } from '../../common/access/access-policy';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { StoredFile } from './entities/stored-file.entity';
import { contentPath, FileUrlSigner } from './file-url-signer';
import { MAX_FILE_BYTES } from './files.constants';
import {
  FileNotFoundError,
  FileTooLargeError,
  FileUrlMismatchError,
  InvalidFileUrlError,
  MissingFileError,
  UnsupportedFileTypeError,
} from './files.errors';
import { isAllowedImageType, sniffImageType } from './image-sniffing';
import type { SignedUrlDto, UploadedFileDto } from './dto/files.dto';
import { FileStorage } from './ports/file-storage';
import { AgentsService } from '../agents/agents.service';
import { EcosystemsService } from '../ecosystems/ecosystems.service';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** How long a client keeps a public avatar read without a signature (it may change or stop being public). */
const PUBLIC_AVATAR_MAX_AGE_SECONDS = 300;

/** What multer hands over for the uploaded part (memory storage). */
export interface UploadedImage {
  buffer: Buffer;
  size: number;
  mimetype: string;
  originalname?: string;
}

export interface FileContent {
  bytes: Buffer;
  contentType: string;
  sha256: string;
  /** Seconds the URL that was used stays valid. */
  maxAge: number;
}

@Injectable()
export class FilesService {
  private readonly logger = new Logger(FilesService.name);

  constructor(
    @InjectRepository(StoredFile) private readonly files: Repository<StoredFile>,
    private readonly storage: FileStorage,
    private readonly signer: FileUrlSigner,
    private readonly agents: AgentsService,
    private readonly ecosystems: EcosystemsService,
  ) {}

  /** POST /files: stores an avatar image of the caller's and returns a signed URL to it. */
  async upload(identity: VerifiedIdentity, upload: UploadedImage | undefined): Promise<UploadedFileDto> {
    if (!upload?.buffer) throw new MissingFileError();
    if (upload.buffer.length > MAX_FILE_BYTES) throw new FileTooLargeError();
    // The declared type must be an image too, but only the bytes decide what is stored.
    const contentType = sniffImageType(upload.buffer);
    if (!contentType || !isAllowedImageType(upload.mimetype)) throw new UnsupportedFileTypeError();

    const file = this.files.create({
      id: randomUUID(),
      ownerSub: identity.sub,
      contentType,
      size: upload.buffer.length,
      sha256: createHash('sha256').update(upload.buffer).digest('hex'),
    });
    // Bytes first, then the row: a row never points at bytes that are not there.
    await this.storage.put(file.id, upload.buffer);
    try {
      await this.files.insert(file);
    } catch (error) {
      await this.storage.delete(file.id).catch((cleanup: unknown) => this.logger.warn(`No se pudo borrar ${file.id}: ${String(cleanup)}`));
      throw error;
    }
    return { fileId: file.id, url: await this.signer.sign(file.id) };
  }

  /** GET /files/signed-url/{fileId}: a fresh URL valid for an hour. */
  async signedUrl(identity: VerifiedIdentity | undefined, fileId: string): Promise<SignedUrlDto> {
    const file = await this.findReadable(identity, fileId);
    return { url: await this.signer.sign(file.id) };
  }

  /** POST /files/renew-url: the same, once the caller shows that `url` is this file's. */
  async renewUrl(identity: VerifiedIdentity | undefined, url: string, fileId: string): Promise<SignedUrlDto> {
    if (!pointsTo(url, fileId)) throw new FileUrlMismatchError();
    return this.signedUrl(identity, fileId);
  }

  /**
   * GET /files/{fileId}/content: the bytes, for whoever holds a valid, unexpired signed URL; the
   * avatar of a public agent or ecosystem for anybody, signed or not, so that its stored address
   * (and any copy of it) never expires.
   */
  async content(fileId: string, expires: unknown, signature: unknown): Promise<FileContent> {
    if (!UUID_PATTERN.test(fileId)) throw new InvalidFileUrlError();
    const signedFor = await this.signer.verify(fileId, expires, signature);
    const file = await this.files.findOneBy({ id: fileId });
    let maxAge = signedFor;
    if (maxAge === null) {
      if (!file || !(await this.isPublicAvatar(file))) throw new InvalidFileUrlError();
      maxAge = PUBLIC_AVATAR_MAX_AGE_SECONDS;
    }
    const bytes = file ? await this.storage.get(file.id) : null;
    if (!file || !bytes) throw new FileNotFoundError();
    return { bytes, contentType: file.contentType, sha256: file.sha256, maxAge };
  }

  /**
   * For other modules (an agent's knowledge): the bytes of a file the caller uploaded (or any, for
   * an admin); FileNotFoundError otherwise, so that a file id reveals nothing. Files keep no name.
   */
  async ownedContent(identity: VerifiedIdentity, fileId: string): Promise<{ bytes: Buffer; contentType: string; name: string | null }> {
    const file = UUID_PATTERN.test(fileId) ? await this.files.findOneBy({ id: fileId }) : null;
    if (!file || !mayModify(identity, file)) throw new FileNotFoundError();
    const bytes = await this.storage.get(file.id);
    if (!bytes) throw new FileNotFoundError();
    return { bytes, contentType: file.contentType, name: null };
  }

  /**
   * Who may have a URL: the uploader, an admin, and anyone (visitors too) for the avatar of a
   * public agent or ecosystem of the uploader's, which the marketplace shows to everybody. Others
   * get a 404, so that a file id reveals nothing.
   */
  private async findReadable(identity: VerifiedIdentity | undefined, fileId: string): Promise<StoredFile> {
    const file = UUID_PATTERN.test(fileId) ? await this.files.findOneBy({ id: fileId }) : null;
    if (!file) throw new FileNotFoundError();
    if (mayModify(identity, file)) return file;
    if (!(await this.isPublicAvatar(file))) throw new FileNotFoundError();
    return file;
  }

  private async isPublicAvatar(file: StoredFile): Promise<boolean> {
    return (await this.agents.isPublicAvatar(file)) || (await this.ecosystems.isPublicAvatar(file));
  }
}

/** Whether `url` (absolute or relative, signed or not) is the content URL of `fileId`. */
function pointsTo(url: string, fileId: string): boolean {
  try {
    return new URL(url, 'http://localhost').pathname === contentPath(fileId);
  } catch {
    return false;
  }
}
