/** What /chat's query asks for (spec section 2). */
export type ChatIntent =
  /** fresh: the user asked for a new conversation instead of going on with the open one. */
  | { kind: 'agent'; agentId: string; fresh?: true }
  | { kind: 'flow' }
  | { kind: 'main' };

/**
 * Spec section 2: /chat?agent={id}, /chat?flow=true, or /chat?agentId={id}&useAgentInterface=true;
 * anything else is the main assistant. An agent's with new=true: a new conversation with it
 * ('Nueva conversación'), not the open one.
 */
export function parseChatIntent(search: URLSearchParams): ChatIntent {
  const fresh = search.get('new') === 'true' ? ({ fresh: true } as const) : {};
  const agent = search.get('agent')?.trim();
  if (agent) return { kind: 'agent', agentId: agent, ...fresh };
  const agentId = search.get('agentId')?.trim();
  if (agentId && search.get('useAgentInterface') === 'true') return { kind: 'agent', agentId, ...fresh };
  if (search.get('flow') === 'true') return { kind: 'flow' };
  return { kind: 'main' };
}

/** Where 'Nueva conversación' leads from a conversation: a new one with the same agent, or with the main assistant. */
export function newChatPath(agentId: string | undefined): string {
  return agentId ? `/chat?agent=${encodeURIComponent(agentId)}&new=true` : '/chat';
}
