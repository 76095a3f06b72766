import { ToolCallingModule } from '../tool-calling/tool-calling.module';
import { createHash } from 'node:crypto';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LeasesModule } from '../../database/leases/leases';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { AgentsModule } from '../agents/agents.module';
import { ConversationsModule } from '../conversations/conversations.module';
import { EcosystemsModule } from '../ecosystems/ecosystems.module';
import { KnowledgeModule } from '../knowledge/knowledge.module';
import { ModelsModule } from '../models/models.module';
import { TeamsModule } from '../teams/teams.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { CollaborationController } from './collaboration.controller';
import { CollaborationService } from './collaboration.service';
import { CollaborationFlow } from './entities/collaboration-flow.entity';
import { CollaborationSession } from './entities/collaboration-session.entity';
import { FlowsController } from './flows/flows.controller';
import { FlowsService } from './flows/flows.service';
import { BullMqCollaborationQueue } from './queue/bullmq-queue';
import { CollaborationQueue, SessionExecutor } from './queue/collaboration-queue';
import { InProcessCollaborationQueue } from './queue/in-process-queue';
import { SessionCleanup } from './session-cleanup';
import { COLLABORATION_RUN_OPTIONS, type CollaborationRunOptions, SessionRunner } from './session-runner';

/**
 * One queue per database: the instances that share a database (and so its sessions) share the
 * queue, and another deployment on the same Redis never takes their jobs.
 */
export function queuePrefix(config: AppConfig): string {
  const database = config.database as { type: string; url?: string; schema?: string; path?: string };
  const name = database.type === 'postgres' ? `${database.url}#${database.schema ?? 'public'}` : `sqlite:${database.path}`;
  return `nova:${createHash('sha256').update(name).digest('hex').slice(0, 12)}`;
}

/**
 * Agents working together (issue 16): collaboration sessions, run in this process or on BullMQ
 * when REDIS_URL is set, and the flow editor's saved flows.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([CollaborationSession, CollaborationFlow]),
    LeasesModule,
    AgentsModule,
    ConversationsModule,
    EcosystemsModule,
    KnowledgeModule,
    ModelsModule,
    SubscriptionsModule,
    TeamsModule,
    ToolCallingModule,
  ],
  controllers: [CollaborationController, FlowsController],
  providers: [
    SessionRunner,
    { provide: SessionExecutor, useExisting: SessionRunner },
    {
      provide: CollaborationQueue,
      inject: [APP_CONFIG, SessionRunner, { token: COLLABORATION_RUN_OPTIONS, optional: true }],
      useFactory: (config: AppConfig, runner: SessionRunner, options: CollaborationRunOptions | undefined) => {
        const queue = config.redisUrl
          ? new BullMqCollaborationQueue(config.redisUrl, runner, { prefix: queuePrefix(config), lockMs: options?.queueLockMs })
          : new InProcessCollaborationQueue(runner);
        runner.attachQueue(queue);
        return queue;
      },
    },
    CollaborationService,
    FlowsService,
    SessionCleanup,
  ],
  exports: [CollaborationService],
})
export class CollaborationModule {}
