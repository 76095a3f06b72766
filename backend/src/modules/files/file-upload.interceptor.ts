import { Inject, Injectable } from '@nestjs/common';
import { BoundedUploadInterceptor } from '../../common/http/bounded-upload.interceptor';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { MAX_FILE_BYTES } from './files.constants';
import { InvalidUploadError, UploadTooLargeError } from './files.errors';

/**
 * POST /files: one file of at most the larger of the two limits (2 MiB for an image,
 * KNOWLEDGE_MAX_FILE_MB for a document; the service applies the one its bytes call for).
 */
@Injectable()
export class FileUploadInterceptor extends BoundedUploadInterceptor {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super(Math.max(MAX_FILE_BYTES, config.knowledge.maxFileBytes));
  }

  protected tooLarge(): Error {
    return new UploadTooLargeError(this.config.knowledge.maxFileBytes);
  }

  protected invalid(): Error {
    return new InvalidUploadError();
  }
}
