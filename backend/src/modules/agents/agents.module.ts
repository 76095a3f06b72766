import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AvatarFilesModule } from '../files/avatar-files';
import { ModelsModule } from '../models/models.module';
import { PromptVersionStoreModule } from '../prompts/prompt-version-store';
import { UsersModule } from '../users/users.module';
import { PaymentsCoreModule } from '../payments/payments-core.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { AgentsController, AgentsMarketplaceController } from './agents.controller';
import { MarketplaceCache } from './marketplace/marketplace-cache';
import { AgentsService } from './agents.service';
import { Agent } from './entities/agent.entity';

@Module({
  imports: [TypeOrmModule.forFeature([Agent]), UsersModule, AvatarFilesModule, ModelsModule, PromptVersionStoreModule, PaymentsCoreModule, SubscriptionsModule],
  controllers: [AgentsController, AgentsMarketplaceController],
  providers: [AgentsService, MarketplaceCache],
  exports: [AgentsService, MarketplaceCache],
})
export class AgentsModule {}
