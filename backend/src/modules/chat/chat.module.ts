import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AgentsModule } from '../agents/agents.module';
import { AttachmentsModule } from '../attachments/attachments.module';
import { ConversationsModule } from '../conversations/conversations.module';
import { KnowledgeModule } from '../knowledge/knowledge.module';
import { ModelsModule } from '../models/models.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { UsersModule } from '../users/users.module';
import { ToolCallingModule } from '../tool-calling/tool-calling.module';
import { AssistantPromptsService } from './assistant-prompts.service';
import { ChatController } from './chat.controller';
import { ChatService } from './chat.service';
import { AssistantPrompt } from './entities/assistant-prompt.entity';

/**
 * POST /bedrock/agents/chat, /bedrock/models/chat and /users/{id}/nova-prompt. The model port
 * (ModelGateway) comes from the models module.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AssistantPrompt]), ConversationsModule, AgentsModule, SubscriptionsModule, UsersModule, ModelsModule, KnowledgeModule, AttachmentsModule, ToolCallingModule],
  controllers: [ChatController],
  providers: [ChatService, AssistantPromptsService],
})
export class ChatModule {}
