import { Controller, Get, Inject } from '@nestjs/common';
import { Public } from '../../common/auth/auth.decorators';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { RuntimeConfigDto } from './runtime-config.dto';
import { FORM_LIMITS } from '../../common/validation/form-limits';
import { AGENT_CATEGORIES, AGENT_CATEGORY_LABELS } from '../agents/agent-categories';

@ApiTags('config')
@Public()
@Controller('config')
export class RuntimeConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @ApiOkResponse({ type: RuntimeConfigDto })
  get(): RuntimeConfigDto {
    const { identity, payments } = this.config;
    return {
      productName: this.config.productName,
      assistantName: this.config.assistantName,
      apiKey: this.config.clientApiKey,
      identity: {
        provider: identity.provider,
        region: identity.region,
        userPoolId: identity.userPoolId,
        userPoolClientId: identity.clientId,
        // The embedded one relative: the renderer resolves it against the backend it talks to.
        endpoint: identity.provider === 'embedded' ? '/idp' : identity.userPoolEndpoint,
      },
      payments: {
        provider: payments.provider,
        publishableKey: payments.provider === 'stripe' ? payments.publishableKey : null,
        currency: payments.currency,
      },
      tracking: { scripts: this.config.trackingScripts },
      features: this.config.features,
      limits: {
        ...FORM_LIMITS,
        apiKey: {
          ...FORM_LIMITS.apiKey,
          rateLimitPerMinute: { ...FORM_LIMITS.apiKey.rateLimitPerMinute, max: this.config.apiKeys.maxRateLimitPerMinute },
        },
        knowledge: {
          ...FORM_LIMITS.knowledge,
          fileBytes: { ...FORM_LIMITS.knowledge.fileBytes, max: this.config.knowledge.maxFileBytes },
          documents: { ...FORM_LIMITS.knowledge.documents, max: this.config.knowledge.maxDocumentsPerAgent },
        },
      },
      categories: AGENT_CATEGORIES.map((slug) => ({ slug, label: AGENT_CATEGORY_LABELS[slug] })),
    };
  }
}
