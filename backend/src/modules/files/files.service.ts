import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { mayModify } from '../../common/access/access-policy';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { detectKnowledgeType } from '../knowledge/parsing';
import { StoredFile } from './entities/stored-file.entity';
import { contentPath, FileUrlSigner } from './file-url-signer';
import { FILE_NAME_MAX, MAX_FILE_BYTES } from './files.constants';
import {
  DocumentTooLargeError,
  EmptyFileError,
  FileNotFoundError,
  FileTooLargeError,
  FileUrlMismatchError,
  InvalidFileUrlError,
  MissingFileError,
  UnsupportedDocumentTypeError,
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
  name: string | null;
}

/** A file of the caller's, as other modules see it (its bytes through FilesService.bytesOf). */
export interface OwnedFile {
  id: string;
  name: string | null;
  contentType: string;
  size: number;
  sha256: string;
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
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * POST /files: stores a file of the caller's and returns a signed URL to it. An image (an agent's
   * or ecosystem's avatar) of at most 2 MiB, or a document (attached to a chat or a call, or given
   * to an agent's knowledge) of at most KNOWLEDGE_MAX_FILE_MB: PDF, DOCX, TXT, Markdown, HTML or
   * CSV. Only the bytes decide what is stored, never the declared type or the name.
   */
  async upload(identity: VerifiedIdentity, upload: UploadedImage | undefined): Promise<UploadedFileDto> {
    if (!upload?.buffer) throw new MissingFileError();
    const contentType = this.storedTypeOf(upload);
    const file = this.files.create({
      id: randomUUID(),
      ownerSub: identity.sub,
      contentType,
      size: upload.buffer.length,
      sha256: createHash('sha256').update(upload.buffer).digest('hex'),
      name: uploadedName(upload.originalname),
    });
    await this.keep(file, upload.buffer);
    return { fileId: file.id, url: await this.signer.sign(file.id) };
  }

  /**
   * What the bytes are. Anything that is an image, or claims to be one, is held to the avatar's
   * rules as before (2 MiB; declared and real type both images); anything else must be a document
   * the knowledge parser recognises by its content.
   */
  private storedTypeOf(upload: UploadedImage): string {
    const bytes = upload.buffer;
    const image = sniffImageType(bytes);
    if (image || isAllowedImageType(upload.mimetype)) {
      if (bytes.length > MAX_FILE_BYTES) throw new FileTooLargeError();
      if (!image || !isAllowedImageType(upload.mimetype)) throw new UnsupportedFileTypeError();
      return image;
    }
    const { maxFileBytes } = this.config.knowledge;
    if (bytes.length > maxFileBytes) throw new DocumentTooLargeError(maxFileBytes);
    if (bytes.length === 0) throw new EmptyFileError();
    const document = detectKnowledgeType(bytes);
    if (!document) throw new UnsupportedDocumentTypeError();
    return document;
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
    return { bytes, contentType: file.contentType, sha256: file.sha256, maxAge, name: file.name };
  }

  /**
   * For other modules (an agent's knowledge): the bytes of a file the caller uploaded (or any, for
   * an admin); FileNotFoundError otherwise, so that a file id reveals nothing. `name` is null for
   * files uploaded before names were kept.
   */
  async ownedContent(identity: VerifiedIdentity, fileId: string): Promise<{ bytes: Buffer; contentType: string; name: string | null }> {
    const file = await this.owned(identity, fileId);
    return { bytes: await this.bytesOf(file.id), contentType: file.contentType, name: file.name };
  }

  /**
   * For other modules (a chat's or a call's attachments): the files the caller uploaded (or any,
   * for an admin), in the order asked, without their bytes; FileNotFoundError for any other.
   */
  async ownedFiles(identity: VerifiedIdentity, fileIds: readonly string[]): Promise<OwnedFile[]> {
    const unique = [...new Set(fileIds.map((id) => id.toLowerCase()))];
    if (unique.some((id) => !UUID_PATTERN.test(id))) throw new FileNotFoundError();
    const rows = unique.length === 0 ? [] : await this.files.findBy({ id: In(unique) });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return unique.map((id) => {
      const file = byId.get(id);
      if (!file || !mayModify(identity, file)) throw new FileNotFoundError();
      return { id: file.id, name: file.name, contentType: file.contentType, size: file.size, sha256: file.sha256 };
    });
  }

  /**
   * Files another module already checked the caller may use (a conversation's attachments, checked
   * when attached), in the order asked; those no longer there are left out.
   */
  async describe(fileIds: readonly string[]): Promise<OwnedFile[]> {
    if (fileIds.length === 0) return [];
    const rows = await this.files.findBy({ id: In([...new Set(fileIds)]) });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return fileIds.flatMap((id) => {
      const file = byId.get(id);
      return file ? [{ id: file.id, name: file.name, contentType: file.contentType, size: file.size, sha256: file.sha256 }] : [];
    });
  }

  /**
   * For other modules: stores bytes the server made for a user (their data export) as a file of
   * theirs, so that the same checks as for an upload keep it to them; answers its id.
   */
  async storeFor(ownerSub: string, bytes: Buffer, contentType: string, name: string): Promise<string> {
    const file = this.files.create({ id: randomUUID(), ownerSub, contentType, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), name });
    await this.keep(file, bytes);
    return file.id;
  }

  /** Bytes first, then the row: a row never points at bytes that are not there. */
  private async keep(file: StoredFile, bytes: Buffer): Promise<void> {
    await this.storage.put(file.id, bytes);
    try {
      await this.files.insert(file);
    } catch (error) {
      await this.storage.delete(file.id).catch((cleanup: unknown) => this.logger.warn(`No se pudo borrar ${file.id}: ${String(cleanup)}`));
      throw error;
    }
  }

  /** For other modules: removes a file they stored (storeFor), row and bytes; nothing happens when it is gone. */
  async remove(fileId: string): Promise<void> {
    // Row first: a row never points at bytes that are not there.
    await this.files.delete({ id: fileId });
    await this.storage.delete(fileId);
  }

  /** The stored bytes of a file another module already checked (ownedFiles); FileNotFoundError when gone. */
  async bytesOf(fileId: string): Promise<Buffer> {
    const bytes = await this.storage.get(fileId);
    if (!bytes) throw new FileNotFoundError();
    return bytes;
  }

  private async owned(identity: VerifiedIdentity, fileId: string): Promise<StoredFile> {
    const file = UUID_PATTERN.test(fileId) ? await this.files.findOneBy({ id: fileId }) : null;
    if (!file || !mayModify(identity, file)) throw new FileNotFoundError();
    return file;
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

/**
 * The part's file name as the browser sent it: multer reads it as latin1, browsers send UTF-8
 * ('Presupuesto – año 2025.csv'); control characters go, and so does any folder path.
 */
export function uploadedName(originalname: string | undefined): string | null {
  if (!originalname) return null;
  const utf8 = Buffer.from(originalname, 'latin1').toString('utf8');
  const decoded = utf8.includes('\uFFFD') ? originalname : utf8;
  const name = decoded.replace(/[\u0000-\u001f\u007f]/g, '').split(/[\\/]/).pop()?.trim() ?? '';
  return name === '' ? null : [...name].slice(0, FILE_NAME_MAX).join('');
}

/** Whether `url` (absolute or relative, signed or not) is the content URL of `fileId`. */
function pointsTo(url: string, fileId: string): boolean {
  try {
    return new URL(url, 'http://localhost').pathname === contentPath(fileId);
  } catch {
    return false;
  }
}
