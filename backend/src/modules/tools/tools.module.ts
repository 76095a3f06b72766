import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AgentsModule } from '../agents/agents.module';
import { AgentToolbox } from './agent-toolbox';
import { ToolSource } from './entities/tool-source.entity';
import { SourceToolbox } from './source-toolbox';
import { ToolCredentials } from './tool-credentials';
import { ToolRunner } from './tool-runner';
import { ToolsController } from './tools.controller';
import { ToolsService } from './tools.service';

/**
 * An agent's tools (issue 33): the MCP servers and OpenAPI-described APIs its creator connects,
 * the tools found in them, and AgentToolbox, through which the answering side offers and runs them.
 */
@Module({
  imports: [TypeOrmModule.forFeature([ToolSource]), AgentsModule],
  controllers: [ToolsController],
  providers: [ToolsService, ToolRunner, ToolCredentials, SourceToolbox, { provide: AgentToolbox, useExisting: SourceToolbox }],
  exports: [AgentToolbox],
})
export class ToolsModule {}
