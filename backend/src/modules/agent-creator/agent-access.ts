import { mayModify } from '../../common/access/access-policy';
import { AgentNotOwnedError } from '../agents/agents.errors';
import type { AgentsService } from '../agents/agents.service';
import type { Agent } from '../agents/entities/agent.entity';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';

/**
 * The agent if the caller may change it (its creator or an admin): 404 when they may not even see
 * it (a private agent stays unrevealed), 403 when they only may see it.
 */
export async function findModifiableAgent(agents: AgentsService, identity: VerifiedIdentity, agentId: string): Promise<Agent> {
  const agent = await agents.findVisible(identity, agentId);
  if (!mayModify(identity, agent)) throw new AgentNotOwnedError();
  return agent;
}
