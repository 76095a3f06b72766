/** What /chat's query asks for (spec section 2). */
export type ChatIntent =
  | { kind: 'agent'; agentId: string }
  | { kind: 'flow' }
  | { kind: 'main' };

/**
 * Spec section 2: /chat?agent={id}, /chat?flow=true, or /chat?agentId={id}&useAgentInterface=true;
 * anything else is the main assistant.
 */
export function parseChatIntent(search: URLSearchParams): ChatIntent {
  const agent = search.get('agent')?.trim();
  if (agent) return { kind: 'agent', agentId: agent };
  const agentId = search.get('agentId')?.trim();
  if (agentId && search.get('useAgentInterface') === 'true') return { kind: 'agent', agentId };
  if (search.get('flow') === 'true') return { kind: 'flow' };
  return { kind: 'main' };
}
