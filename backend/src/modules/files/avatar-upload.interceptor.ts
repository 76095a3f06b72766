import {
  BadRequestException,
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  PayloadTooLargeException,
  type Type,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import { MAX_FILE_BYTES, MAX_UPLOAD_REQUEST_BYTES, UPLOAD_FIELD } from './files.constants';
import { FileTooLargeError, InvalidUploadError, UnsupportedFileTypeError } from './files.errors';
import { isAllowedImageType } from './image-sniffing';

/** multer in memory, bounded: one file of at most 2 MiB, a handful of small fields. */
const MulterInterceptor: Type<NestInterceptor> = FileInterceptor(UPLOAD_FIELD, {
  limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 4 * 1024, parts: 12, headerPairs: 50 },
  // A part that does not even claim to be an image is refused before any of it is buffered.
  fileFilter: (_request, file, callback) =>
    isAllowedImageType(file.mimetype) ? callback(null, true) : callback(new UnsupportedFileTypeError(), false),
});

/**
 * Runs multer for POST /files with the limits above, and turns its English errors into the
 * module's Spanish ones. A request that declares a body larger than any valid upload is refused
 * before a byte of it is read, and its connection closed so that the rest is never received.
 */
@Injectable()
export class AvatarUploadInterceptor implements NestInterceptor {
  private readonly multer = new MulterInterceptor();

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const declared = Number(http.getRequest<Request>().headers['content-length'] ?? 0);
    if (declared > MAX_UPLOAD_REQUEST_BYTES) {
      http.getResponse<Response>().setHeader('Connection', 'close');
      throw new FileTooLargeError();
    }
    try {
      return await this.multer.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException) throw new FileTooLargeError();
      if (error instanceof BadRequestException) throw new InvalidUploadError();
      throw error;
    }
  }
}
