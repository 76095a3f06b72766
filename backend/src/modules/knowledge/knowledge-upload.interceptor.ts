import { Inject, Injectable } from '@nestjs/common';
import { BoundedUploadInterceptor } from '../../common/http/bounded-upload.interceptor';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { KnowledgeFileTooLargeError, KnowledgeInvalidUploadError } from './knowledge.errors';

/** A knowledge document, bounded by KNOWLEDGE_MAX_FILE_MB. A JSON body ({ fileId }) passes untouched. */
@Injectable()
export class KnowledgeUploadInterceptor extends BoundedUploadInterceptor {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super(config.knowledge.maxFileBytes);
  }

  protected tooLarge(): Error {
    return new KnowledgeFileTooLargeError(this.config.knowledge.maxFileBytes);
  }

  protected invalid(): Error {
    return new KnowledgeInvalidUploadError();
  }
}
