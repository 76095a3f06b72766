import {
  BadRequestException,
  CallHandler,
  ExecutionContext,
  Inject,
  Injectable,
  NestInterceptor,
  PayloadTooLargeException,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { MAX_FILE_BYTES, MULTIPART_OVERHEAD_BYTES, UPLOAD_FIELD } from './files.constants';
import { InvalidUploadError, UploadTooLargeError } from './files.errors';

/**
 * Runs multer for POST /files in memory, bounded: one file of at most the larger of the two limits
 * (2 MiB for an image, KNOWLEDGE_MAX_FILE_MB for a document; the service applies the one its bytes
 * call for), a handful of small fields; its English errors become the module's Spanish ones. A
 * request that declares a body larger than any valid upload is refused before a byte of it is
 * read, and its connection closed so that the rest is never received.
 */
@Injectable()
export class FileUploadInterceptor implements NestInterceptor {
  private readonly multer: NestInterceptor;
  private readonly maxFileBytes: number;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.maxFileBytes = Math.max(MAX_FILE_BYTES, config.knowledge.maxFileBytes);
    // One byte over the limit is read, so that the service answers the limit of the file's kind.
    const Multer = FileInterceptor(UPLOAD_FIELD, {
      limits: { fileSize: this.maxFileBytes + 1, files: 1, fields: 10, fieldSize: 4 * 1024, parts: 12, headerPairs: 50 },
    });
    this.multer = new Multer();
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const declared = Number(http.getRequest<Request>().headers['content-length'] ?? 0);
    if (declared > this.maxFileBytes + MULTIPART_OVERHEAD_BYTES) {
      http.getResponse<Response>().setHeader('Connection', 'close');
      throw new UploadTooLargeError(this.config.knowledge.maxFileBytes);
    }
    try {
      return await this.multer.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException) throw new UploadTooLargeError(this.config.knowledge.maxFileBytes);
      if (error instanceof BadRequestException) throw new InvalidUploadError();
      throw error;
    }
  }
}
