import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AgentsModule } from '../agents/agents.module';
import { UsersModule } from '../users/users.module';
import { ConversationsController } from './conversations.controller';
import { ConversationsService } from './conversations.service';
import { Conversation } from './entities/conversation.entity';
import { EcosystemReply } from './entities/ecosystem-reply.entity';
import { Message } from './entities/message.entity';
import { EcosystemReplies } from './ecosystem-replies';

@Module({
  imports: [TypeOrmModule.forFeature([Conversation, Message, EcosystemReply]), AgentsModule, UsersModule],
  controllers: [ConversationsController],
  providers: [ConversationsService, EcosystemReplies],
  exports: [ConversationsService, EcosystemReplies],
})
export class ConversationsModule {}
