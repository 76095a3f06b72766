/** Flow ('Flujo de Agentes') and ecosystem conversations are run by collaboration sessions. */
export function isCollaborationConversation(metadata: { fromFlow?: boolean; isEcosystemChat?: boolean } | null | undefined): boolean {
  return metadata?.fromFlow === true || metadata?.isEcosystemChat === true;
}

/** What a stored message of a collaboration conversation needs here. */
export interface SessionMessage {
  id: string;
  role: 'user' | 'assistant';
}

/**
 * The session a stored message belongs to: the server stores a session's query as
 * `collaboration-{session id}-query` and the team's answer as `collaboration-{session id}`.
 * Null for any other message.
 */
export function sessionIdOf(message: SessionMessage): string | null {
  const found = /^collaboration-(.+?)(-query)?$/.exec(message.id);
  if (!found) return null;
  const isQuery = found[2] !== undefined;
  return isQuery === (message.role === 'user') ? found[1]! : null;
}

/** One question asked in the conversation before this visit, with its session and the stored answer (if it ended with one). */
export interface StoredTurn<M extends SessionMessage> {
  sessionId: string;
  query: M;
  answer?: M;
}

/** The conversation's stored questions, in order, each with its session and stored answer. */
export function storedTurns<M extends SessionMessage>(messages: M[]): StoredTurn<M>[] {
  const turns: StoredTurn<M>[] = [];
  for (const message of messages) {
    const sessionId = sessionIdOf(message);
    if (!sessionId) continue;
    if (message.role === 'user') turns.push({ sessionId, query: message });
    else {
      const turn = turns.find((item) => item.sessionId === sessionId);
      if (turn) turn.answer = message;
    }
  }
  return turns;
}
