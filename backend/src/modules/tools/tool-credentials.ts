import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import type { ToolSource } from './entities/tool-source.entity';
import { loadToolSecretsKey, ToolSecrets } from './tool-secrets';
import type { SourceAccess } from './tool-runner';

/** Tool sources' credentials: sealed for the database, opened only to make a request. */
@Injectable()
export class ToolCredentials {
  private readonly secrets: ToolSecrets;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.secrets = new ToolSecrets(loadToolSecretsKey(config));
  }

  seal(value: string): string {
    return this.secrets.encrypt(value);
  }

  accessOf(source: ToolSource): SourceAccess {
    return { source, secret: source.authSecret ? this.secrets.decrypt(source.authSecret) : null };
  }
}
