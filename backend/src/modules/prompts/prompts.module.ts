import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AgentsModule } from '../agents/agents.module';
import { ModelsModule } from '../models/models.module';
import { UsersModule } from '../users/users.module';
import { PromptTestCase } from './entities/prompt-test-case.entity';
import { PromptTestRun } from './entities/prompt-test-run.entity';
import { PromptAccess } from './prompt-access';
import { PromptEnhancer } from './prompt-enhancer';
import { PromptTestsService } from './prompt-tests.service';
import { PromptVersionStoreModule } from './prompt-version-store';
import { AgentPromptsController, PromptVersionsController } from './prompts.controller';
import { PromptsService } from './prompts.service';

/** Prompt versions, 'Mejorar con IA' and test cases (spec section 7, Prompts and fine-tuning). */
@Module({
  imports: [TypeOrmModule.forFeature([PromptTestCase, PromptTestRun]), PromptVersionStoreModule, AgentsModule, ModelsModule, UsersModule],
  controllers: [AgentPromptsController, PromptVersionsController],
  providers: [PromptAccess, PromptsService, PromptTestsService, PromptEnhancer],
  // Fine-tuning sessions (agent-creator module) apply their proposals as versions through it.
  exports: [PromptsService],
})
export class PromptsModule {}
