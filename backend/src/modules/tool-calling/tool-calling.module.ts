import { Module } from '@nestjs/common';
import { KnowledgeModule } from '../knowledge/knowledge.module';
import { ModelsModule } from '../models/models.module';
import { ToolsModule } from '../tools/tools.module';
import { ToolLoop } from './tool-loop';

/**
 * The tool-calling loop (issue 33) shared by the agent chat, invoke, the OpenAI-compatible and MCP
 * endpoints and collaboration sessions. The agent's tools come from the AgentToolbox port (the
 * tools module).
 */
@Module({
  imports: [ModelsModule, ToolsModule, KnowledgeModule],
  providers: [ToolLoop],
  exports: [ToolLoop],
})
export class ToolCallingModule {}
