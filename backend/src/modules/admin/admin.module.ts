import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents/agents.module';
import { IdentityModule } from '../identity/identity.module';
import { PaymentsCoreModule } from '../payments/payments-core.module';
import { PromptsModule } from '../prompts/prompts.module';
import { TeamsModule } from '../teams/teams.module';
import { UsersModule } from '../users/users.module';
import { AdminAgentsService } from './admin-agents.service';
import { AdminAuditService } from './admin-audit.service';
import { AdminMetricsService } from './admin-metrics.service';
import { AdminModerationService } from './admin-moderation.service';
import { AdminPaymentsService } from './admin-payments.service';
import { AdminReadModel } from './admin-read-model';
import { AdminUsersService } from './admin-users.service';
import { AdminAgentsController, AdminAuditController, AdminMetricsController, AdminModerationController, AdminPaymentsController, AdminUsersController } from './admin.controller';
import { AuditModule } from '../audit/audit.module';
import { ReviewsModule } from '../reviews/reviews.module';
import { AdminReportsController } from './admin-reports.controller';

/** The admin area (/api-admin, admins only): users, agents, metrics, payments views, reports ('Denuncias') and the audit log. */
@Module({
  imports: [AuditModule, ReviewsModule, IdentityModule, UsersModule, AgentsModule, PromptsModule, TeamsModule, PaymentsCoreModule],
  controllers: [AdminUsersController, AdminAgentsController, AdminMetricsController, AdminPaymentsController, AdminAuditController, AdminModerationController, AdminReportsController],
  providers: [AdminReadModel, AdminUsersService, AdminAgentsService, AdminMetricsService, AdminPaymentsService, AdminModerationService, AdminAuditService],
})
export class AdminModule {}
