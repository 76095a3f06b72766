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
import { KnowledgeFileTooLargeError, KnowledgeInvalidUploadError } from './knowledge.errors';

/** Room for the multipart boundary, part headers and a few small fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * multer in memory for a knowledge document, bounded by KNOWLEDGE_MAX_FILE_MB: one file, a few
 * small fields; its English errors become Spanish ones. A request declaring a body larger than any
 * valid upload is refused before a byte of it is read. A JSON body ({ fileId }) passes untouched.
 */
@Injectable()
export class KnowledgeUploadInterceptor implements NestInterceptor {
  private readonly multer: NestInterceptor;
  private readonly maxRequestBytes: number;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const { maxFileBytes } = config.knowledge;
    this.maxRequestBytes = maxFileBytes + MULTIPART_OVERHEAD_BYTES;
    // One byte over the limit is read, so that the service answers the limit's own message.
    const Multer = FileInterceptor('file', {
      limits: { fileSize: maxFileBytes + 1, files: 1, fields: 10, fieldSize: 4 * 1024, parts: 12, headerPairs: 50 },
    });
    this.multer = new Multer();
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const declared = Number(http.getRequest<Request>().headers['content-length'] ?? 0);
    if (declared > this.maxRequestBytes) {
      http.getResponse<Response>().setHeader('Connection', 'close');
      throw new KnowledgeFileTooLargeError(this.config.knowledge.maxFileBytes);
    }
    try {
      return await this.multer.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException) throw new KnowledgeFileTooLargeError(this.config.knowledge.maxFileBytes);
      if (error instanceof BadRequestException) throw new KnowledgeInvalidUploadError();
      throw error;
    }
  }
}
