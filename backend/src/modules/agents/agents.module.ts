import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AvatarFilesModule } from '../files/avatar-files';
import { ModelsModule } from '../models/models.module';
import { UsersModule } from '../users/users.module';
import { AgentsController, AgentsMarketplaceController } from './agents.controller';
import { MarketplaceCache } from './marketplace/marketplace-cache';
import { AgentsService } from './agents.service';
import { AgentPrompt } from './entities/agent-prompt.entity';
import { Agent } from './entities/agent.entity';

@Module({
  imports: [TypeOrmModule.forFeature([Agent, AgentPrompt]), UsersModule, AvatarFilesModule, ModelsModule],
  controllers: [AgentsController, AgentsMarketplaceController],
  providers: [AgentsService, MarketplaceCache],
  exports: [AgentsService, MarketplaceCache],
})
export class AgentsModule {}
