import { type AgentCategory, toAgentCategory } from '../../agents/agent-categories';

export const PRIORITY_MIN = 1;
export const PRIORITY_MAX = 5;

/**
 * An agent's priority for a query's topic (spec section 9): base 1, +2 when its category is the
 * topic, +0.5 per rating point above 4; between 1 and 5.
 */
export function agentPriority(agent: { category: string; rating: number }, topic: AgentCategory): number {
  const matches = toAgentCategory(agent.category) === topic ? 2 : 0;
  const rating = Number.isFinite(agent.rating) ? agent.rating : 0;
  const bonus = Math.max(0, rating - 4) * 0.5;
  const priority = PRIORITY_MIN + matches + bonus;
  return Math.min(PRIORITY_MAX, Math.round(priority * 100) / 100);
}
