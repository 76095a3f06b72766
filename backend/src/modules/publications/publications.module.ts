import { type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AgentsModule } from '../agents/agents.module';
import { AttachmentsModule } from '../attachments/attachments.module';
import { AuditModule } from '../audit/audit.module';
import { FilesModule } from '../files/files.module';
import { IdentityModule } from '../identity/identity.module';
import { KnowledgeModule } from '../knowledge/knowledge.module';
import { ModelsModule } from '../models/models.module';
import { PaymentsModule } from '../payments/payments.module';
import { PromptVersionStoreModule } from '../prompts/prompt-version-store';
import { ToolCallingModule } from '../tool-calling/tool-calling.module';
import { UsersModule } from '../users/users.module';
import { A2aController } from './a2a/a2a.controller';
import { A2aErrorFilter } from './a2a/a2a-error.filter';
import { A2aAgentExecutor } from './a2a/a2a-executor';
import { A2aTaskStore } from './a2a/a2a-task-store';
import { LeasesModule } from '../../database/leases/leases';
import { ApiCallIdempotency } from './entities/api-call-idempotency.entity';
import { UsageJournalPosition } from './entities/usage-journal-position.entity';
import { CallIdempotency } from './idempotency-key';
import { PublicationsRetention } from './publications-retention';
import { MailModule } from '../mail/mail.module';
import { AgentRunner } from './agent-runner';
import { ApiPriceBook } from './api-prices';
import { ApiSalesController } from './api-sales.controller';
import { ApiSalesService } from './api-sales.service';
import { ApiKeyGuard } from './api-key.guard';
import { CallAdmission } from './call-admission';
import { AgentApiController, OpenAiCompatibleController } from './api-v1.controller';
import { A2aTask } from './entities/a2a-task.entity';
import { ApiBuyerSuspension } from './entities/api-buyer-suspension.entity';
import { ApiKey } from './entities/api-key.entity';
import { ApiKeyUsage } from './entities/api-key-usage.entity';
import { ApiPrice } from './entities/api-price.entity';
import { ApiPublication } from './entities/api-publication.entity';
import { BuyerSuspensions } from './buyer-suspensions';
import { BuyerUsageLedger } from './buyer-usage-ledger';
import { KeyQuotas } from './key-quotas';
import { KeyRateLimiter } from './key-rate-limiter';
import { KeyResolver } from './key-resolver';
import { KeySpend } from './key-spend';
import { PublicationsController } from './publications.controller';
import { PublicationsService } from './publications.service';
import { PublicationsRedis } from './redis-channel';
import { MeteredHttpErrorFilter } from './metered-error.filter';
import { OpenAiErrorFilter } from './openai-error.filter';
import { UsageMeter } from './usage-meter';

const KEY_BEARER = /^Bearer\s+(nova_sk_\S+)$/i;

/**
 * A key sent as `Authorization: Bearer nova_sk_…` (as OpenAI's clients send theirs) is moved to
 * x-api-key before the user token guard runs: it is no session token, and trying it as one (a
 * JWT parse and three thrown errors per call) would only cost every call time.
 */
function keyFromBearer(request: Request, _response: Response, next: NextFunction): void {
  const match = request.headers.authorization ? KEY_BEARER.exec(request.headers.authorization) : null;
  if (match) {
    if (!request.headers['x-api-key']) request.headers['x-api-key'] = match[1];
    delete request.headers.authorization;
  }
  next();
}

/**
 * Agents published as HTTP APIs (issue 15): publications and keys for their owners, and the
 * key-authenticated calls (invoke, OpenAI-compatible chat completions, MCP, A2A) with per-key
 * limits and metering.
 */
@Module({
  imports: [TypeOrmModule.forFeature([ApiPublication, ApiKey, ApiKeyUsage, ApiPrice, A2aTask, UsageJournalPosition, ApiCallIdempotency, ApiBuyerSuspension]), LeasesModule, MailModule, AgentsModule, PaymentsModule, AuditModule, UsersModule, PromptVersionStoreModule, ModelsModule, FilesModule, IdentityModule, KnowledgeModule, AttachmentsModule, ToolCallingModule],
  controllers: [PublicationsController, ApiSalesController, AgentApiController, OpenAiCompatibleController, A2aController],
  providers: [PublicationsService, PublicationsRedis, KeyResolver, KeyRateLimiter, KeyQuotas, KeySpend, ApiPriceBook, ApiSalesService, CallAdmission, UsageMeter, CallIdempotency, PublicationsRetention, AgentRunner, ApiKeyGuard, MeteredHttpErrorFilter, OpenAiErrorFilter, A2aTaskStore, A2aAgentExecutor, A2aErrorFilter, BuyerUsageLedger, BuyerSuspensions],
  // Billing of API use (issue 36, item 3) reads the ledger and suspends a buyer's keys.
  exports: [BuyerUsageLedger, BuyerSuspensions, ApiPriceBook],
})
export class PublicationsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(keyFromBearer).forRoutes(AgentApiController, OpenAiCompatibleController, A2aController);
  }
}
