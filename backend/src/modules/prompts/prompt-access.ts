import { Injectable } from '@nestjs/common';
import { mayModify } from '../../common/access/access-policy';
import { AgentsService } from '../agents/agents.service';
import type { Agent } from '../agents/entities/agent.entity';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { PromptForbiddenError } from './prompts.errors';

/**
 * An agent's prompt, its versions and its test cases are its creator's (and admins'), even when
 * the agent is public: anyone else gets 404 for an agent they may not see (its existence is not
 * revealed) and 403 for one they may see.
 */
@Injectable()
export class PromptAccess {
  constructor(private readonly agents: AgentsService) {}

  async modifiableAgent(identity: VerifiedIdentity, agentId: string): Promise<Agent> {
    const agent = await this.agents.findVisible(identity, agentId);
    if (!mayModify(identity, agent)) throw new PromptForbiddenError();
    return agent;
  }

  ownedAgentIds(identity: VerifiedIdentity): Promise<string[]> {
    return this.agents.ownedIds(identity);
  }
}
