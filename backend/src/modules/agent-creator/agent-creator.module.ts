import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AgentsModule } from '../agents/agents.module';
import { ConversationsModule } from '../conversations/conversations.module';
import { ModelsModule } from '../models/models.module';
import { PromptsModule } from '../prompts/prompts.module';
import { UsersModule } from '../users/users.module';
import { AgentCreatorController } from './agent-creator.controller';
import { AgentCreatorService } from './agent-creator.service';
import { CreatorConversations } from './creator-conversations';
import { CreatorDraft } from './entities/creator-draft.entity';
import { FineTuningSessionsController } from './fine-tuning-sessions.controller';
import { FineTuningSessionsService } from './fine-tuning-sessions.service';
import { TalkTurns } from './talk-turn';

/** Creating and changing agents by talking: the agent creator and fine-tuning sessions. */
@Module({
  imports: [TypeOrmModule.forFeature([CreatorDraft]), AgentsModule, ConversationsModule, ModelsModule, PromptsModule, UsersModule],
  controllers: [AgentCreatorController, FineTuningSessionsController],
  providers: [AgentCreatorService, CreatorConversations, FineTuningSessionsService, TalkTurns],
})
export class AgentCreatorModule {}
