import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from './config/app-config';
import { AdminAreaModule } from './common/auth/admin-area.module';
import { AccountDeletionModule } from './modules/account-deletion/account-deletion.module';
import { AdminModule } from './modules/admin/admin.module';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { AgentCreatorModule } from './modules/agent-creator/agent-creator.module';
import { AgentsModule } from './modules/agents/agents.module';
import { PromptsModule } from './modules/prompts/prompts.module';
import { benchModules } from './modules/bench/bench.module';
import { EcosystemsModule } from './modules/ecosystems/ecosystems.module';
import { FilesModule } from './modules/files/files.module';
import { DataExportModule } from './modules/data-export/data-export.module';
import { HealthModule } from './modules/health/health.module';
import { MetricsModule } from './modules/metrics/metrics.module';
import { TelemetryModule } from './common/telemetry/telemetry.module';
import { IdentityModule } from './modules/identity/identity.module';
import { InstanceBusModule } from './modules/instance-bus/instance-bus.module';
import { RuntimeConfigModule } from './modules/runtime-config/runtime-config.module';
import { TeamsModule } from './modules/teams/teams.module';
import { UsersModule } from './modules/users/users.module';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { SupportModule } from './modules/support/support.module';
import { AssistantModule } from './modules/assistant/assistant.module';
import { ModelsModule } from './modules/models/models.module';
import { ChatModule } from './modules/chat/chat.module';
import { ConversationsModule } from './modules/conversations/conversations.module';
import { SubscriptionsModule } from './modules/subscriptions/subscriptions.module';
import { PaymentsModule } from './modules/payments/payments.module';
import { PayoutsModule } from './modules/payments/payouts/payouts.module';
import { PublicationsModule } from './modules/publications/publications.module';
import { ApiBillingModule } from './modules/api-billing/api-billing.module';
import { CollaborationModule } from './modules/collaboration/collaboration.module';
import { KnowledgeModule } from './modules/knowledge/knowledge.module';
import { ReviewsModule } from './modules/reviews/reviews.module';
import { ToolsModule } from './modules/tools/tools.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(config.database),
        InstanceBusModule,
        HealthModule,
        MetricsModule,
        TelemetryModule,
        RuntimeConfigModule,
        IdentityModule,
        // Early: Express tries routes in the order they were registered, and the published agents'
        // API (/api/v1) is the path outside software calls most.
        PublicationsModule,
        UsersModule,
        AgentsModule,
        PromptsModule,
        EcosystemsModule,
        TeamsModule,
        FilesModule,
        DataExportModule,
        ...benchModules(),
        RateLimitModule,
        SupportModule,
        AssistantModule,
        ModelsModule,
        ConversationsModule,
        SubscriptionsModule,
        PaymentsModule,
        // Also at the top: its /api-admin/payouts route must come before the admin area's fallback.
        PayoutsModule,
        ApiBillingModule,
        ChatModule,
        AgentCreatorModule,
        KnowledgeModule,
        ReviewsModule,
        ToolsModule,
        AccountDeletionModule,
        CollaborationModule,
        AdminModule,
        // Last: it answers the /api-admin paths that no module above serves.
        AdminAreaModule,
      ],
    };
  }
}
