import type { ModelRequest } from '../models/model-gateway';
import type { Agent } from './entities/agent.entity';

/**
 * How the model is asked for this agent's answers (chat turns, published calls, team sessions):
 * its temperature and longest answer when its creator set them; what is not set is left out, so
 * the provider's default (the deployment's, for the length) applies.
 */
export function agentInference(agent: Pick<Agent, 'temperature' | 'maxAnswerTokens'>): Pick<ModelRequest, 'temperature' | 'maxTokens'> {
  return {
    ...(agent.temperature !== null && agent.temperature !== undefined ? { temperature: Number(agent.temperature) } : {}),
    ...(agent.maxAnswerTokens !== null && agent.maxAnswerTokens !== undefined ? { maxTokens: agent.maxAnswerTokens } : {}),
  };
}
