import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents/agents.module';
import { ConversationsModule } from '../conversations/conversations.module';
import { ModelsModule } from '../models/models.module';
import { PromptsModule } from '../prompts/prompts.module';
import { UsersModule } from '../users/users.module';
import { AgentCreatorController } from './agent-creator.controller';
import { AgentCreatorService } from './agent-creator.service';
import { FineTuningSessionsController } from './fine-tuning-sessions.controller';
import { FineTuningSessionsService } from './fine-tuning-sessions.service';
import { TalkTurns } from './talk-turn';

/** Creating and changing agents by talking: the agent creator and fine-tuning sessions. */
@Module({
  imports: [AgentsModule, ConversationsModule, ModelsModule, PromptsModule, UsersModule],
  controllers: [AgentCreatorController, FineTuningSessionsController],
  providers: [AgentCreatorService, FineTuningSessionsService, TalkTurns],
})
export class AgentCreatorModule {}
