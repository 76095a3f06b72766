import { BadRequestException, CallHandler, ExecutionContext, NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';

/** The multipart field an upload's file comes in. */
export const UPLOAD_FIELD = 'file';
/** Room for the multipart boundary, part headers and a few small fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * multer in memory for one uploaded file, bounded: a file of at most `maxFileBytes` (one byte more
 * is read, so that the service answers with the limit's own message), a handful of small fields;
 * its English errors become the module's Spanish ones. A request that declares a body larger than
 * any valid upload is refused before a byte of it is read, and its connection closed so that the
 * rest is never received. A request without a multipart body (JSON) passes untouched.
 */
export abstract class BoundedUploadInterceptor implements NestInterceptor {
  private readonly multer: NestInterceptor;

  protected constructor(private readonly maxFileBytes: number) {
    const Multer = FileInterceptor(UPLOAD_FIELD, {
      limits: { fileSize: maxFileBytes + 1, files: 1, fields: 10, fieldSize: 4 * 1024, parts: 12, headerPairs: 50 },
    });
    this.multer = new Multer();
  }

  /** The module's error for a file over its limit. */
  protected abstract tooLarge(): Error;
  /** The module's error for a multipart body multer cannot read. */
  protected abstract invalid(): Error;

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const declared = Number(http.getRequest<Request>().headers['content-length'] ?? 0);
    if (declared > this.maxFileBytes + MULTIPART_OVERHEAD_BYTES) {
      http.getResponse<Response>().setHeader('Connection', 'close');
      throw this.tooLarge();
    }
    try {
      return await this.multer.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException) throw this.tooLarge();
      if (error instanceof BadRequestException) throw this.invalid();
      throw error;
    }
  }
}
