import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { type AgentTool, AgentToolbox, type ToolCallOutcome } from './agent-toolbox';
import { type StoredTool, ToolSource } from './entities/tool-source.entity';
import { ToolCredentials } from './tool-credentials';
import { ToolRunner } from './tool-runner';

interface Offered {
  tool: AgentTool;
  stored: StoredTool;
  source: ToolSource;
}

/**
 * AgentToolbox over the agent's tool sources: the enabled tools of its ready sources, oldest source
 * first; a name two sources share gets '_2', '_3'… in the later ones, so every offered name is
 * unique and a call finds the same tool.
 */
@Injectable()
export class SourceToolbox extends AgentToolbox {
  constructor(
    @InjectRepository(ToolSource) private readonly sources: Repository<ToolSource>,
    private readonly runner: ToolRunner,
    private readonly credentials: ToolCredentials,
  ) {
    super();
  }

  async toolsFor(agentId: string): Promise<AgentTool[]> {
    return (await this.offered(agentId)).map((entry) => entry.tool);
  }

  async call(agentId: string, toolName: string, args: unknown, signal: AbortSignal): Promise<ToolCallOutcome> {
    const entry = (await this.offered(agentId)).find((candidate) => candidate.tool.name === toolName);
    if (!entry) return { ok: false, output: `La herramienta «${toolName}» no existe o no está activa.` };
    return this.runner.call(this.credentials.accessOf(entry.source), entry.stored, args, signal);
  }

  private async offered(agentId: string): Promise<Offered[]> {
    const sources = await this.sources.find({ where: { agentId, status: 'ready' }, order: { createdAt: 'ASC', id: 'ASC' } });
    const used = new Set<string>();
    const offered: Offered[] = [];
    for (const source of sources) {
      for (const stored of source.tools) {
        if (!stored.enabled) continue;
        let name = stored.name;
        for (let index = 2; used.has(name); index++) name = `${stored.name.slice(0, 60)}_${index}`;
        used.add(name);
        offered.push({
          source,
          stored,
          tool: { name, description: stored.description, inputSchema: stored.inputSchema, requiresConfirmation: stored.requiresConfirmation, sourceName: source.name },
        });
      }
    }
    return offered;
  }
}
