import { Injectable } from '@nestjs/common';
import { AgentsService } from '../agents/agents.service';
import type { AgentDto, DeletedDto } from '../agents/dto/agent.dto';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import type { PromptVersionDto } from '../prompts/dto/prompts.dto';
import { PromptsService } from '../prompts/prompts.service';
import { AdminReadModel } from './admin-read-model';
import { AuditLog } from '../audit/audit-log.service';
import type { AdminUpdateAgentDto } from './dto/admin.dto';
import type { AdminAgentDto } from './dto/admin-responses.dto';

/** The version name an admin's prompt edit is saved under (its createdBy is the admin's public name). */
export const ADMIN_PROMPT_VERSION_NAME = 'Edición de administración';

/** /api-admin/agents: every agent with its counts; edits, deletions and prompts as the admin. */
@Injectable()
export class AdminAgentsService {
  constructor(
    private readonly agents: AgentsService,
    private readonly prompts: PromptsService,
    private readonly reads: AdminReadModel,
    private readonly audit: AuditLog,
  ) {}

  async list(admin: VerifiedIdentity): Promise<AdminAgentDto[]> {
    const [agents, assignments, conversations] = await Promise.all([
      this.agents.everyVisible(admin),
      this.reads.assignmentsByAgent(),
      this.reads.conversationsByAgent(),
    ]);
    return agents
      .map((agent) => ({ ...agent, assignments: assignments.get(agent.id) ?? 0, conversations: conversations.get(agent.id) ?? 0 }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  }

  prompt(admin: VerifiedIdentity, agentId: string): Promise<PromptVersionDto> {
    return this.prompts.current(admin, agentId);
  }

  async update(admin: VerifiedIdentity, agentId: string, body: AdminUpdateAgentDto): Promise<AgentDto> {
    // Only an existing agent: the agents service's save would create one for an unknown id.
    const before = await this.agents.get(admin, agentId);
    const { agent } = await this.agents.save(admin, { id: before.id, name: body.name, category: body.category, description: body.description });
    await this.audit.record({
      actorSub: admin.sub,
      action: 'agent.update',
      target: `agent:${agent.id}`,
      before: { name: before.name, category: before.category, description: before.description },
      after: { name: agent.name, category: agent.category, description: agent.description },
    });
    return agent;
  }

  async remove(admin: VerifiedIdentity, agentId: string): Promise<DeletedDto> {
    const before = await this.agents.get(admin, agentId);
    const removed = await this.agents.remove(admin, agentId);
    await this.audit.record({
      actorSub: admin.sub,
      action: 'agent.delete',
      target: `agent:${before.id}`,
      before: { name: before.name, category: before.category, createdBy: before.createdBy, isPublic: before.isPublic, price: before.price },
    });
    return removed;
  }

  async setPrompt(admin: VerifiedIdentity, agentId: string, prompt: string): Promise<PromptVersionDto> {
    const previous = await this.prompts.current(admin, agentId).catch(() => null);
    const added = await this.prompts.add(admin, { agentId, prompt, versionName: ADMIN_PROMPT_VERSION_NAME, versionDescription: 'Editado por administración' });
    await this.audit.record({
      actorSub: admin.sub,
      action: 'agent.prompt',
      target: `agent:${agentId}`,
      before: previous ? { version: previous.version } : null,
      after: { version: added.version },
    });
    return added;
  }
}
