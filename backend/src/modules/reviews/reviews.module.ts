import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AgentsModule } from '../agents/agents.module';
import { AuditModule } from '../audit/audit.module';
import { IdentityModule } from '../identity/identity.module';
import { MailModule } from '../mail/mail.module';
import { UsersModule } from '../users/users.module';
import { EcosystemsModule } from '../ecosystems/ecosystems.module';
import { CreatorsController } from './creators/creators.controller';
import { CreatorsService } from './creators/creators.service';
import { AgentUsage } from './entities/agent-usage.entity';
import { Report } from './entities/report.entity';
import { Review } from './entities/review.entity';
import { PopularityTracker } from './popularity/popularity-tracker';
import { ReportsService } from './reports/reports.service';
import { AgentReviewsController, ReviewsController } from './reviews.controller';
import { ReviewsService } from './reviews.service';
import { UsageReadModel } from './usage-read-model';

/**
 * Issue 34: reviews and the agents' rating, popularity from real use, and reports (the admin
 * module serves their queue through ReportsService).
 */
@Module({
  imports: [TypeOrmModule.forFeature([Review, Report, AgentUsage]), AgentsModule, EcosystemsModule, UsersModule, IdentityModule, AuditModule, MailModule],
  controllers: [AgentReviewsController, ReviewsController, CreatorsController],
  providers: [ReviewsService, ReportsService, UsageReadModel, PopularityTracker, CreatorsService],
  exports: [ReportsService, PopularityTracker],
})
export class ReviewsModule {}
