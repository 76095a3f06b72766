import type { ChatTurn } from '../models/model-gateway';
import type { Message } from '../conversations/entities/message.entity';

/** How much of a conversation goes back to the model with each message. */
export const HISTORY_MAX_TURNS = 20;
export const HISTORY_MAX_CHARACTERS = 24_000;

/**
 * The turns before the new message, newest kept first within the bounds, then made well-formed
 * for providers that insist on it (Bedrock Converse): starting with the user, alternating (two
 * messages of the same role in a row are joined), and ending with the assistant (an unanswered
 * earlier message, e.g. one that failed and is being resent, is left out). Notices that no model
 * was configured are not history.
 */
export function boundedHistory(earlier: Message[]): ChatTurn[] {
  const kept: ChatTurn[] = [];
  let characters = 0;
  for (let index = earlier.length - 1; index >= 0 && kept.length < HISTORY_MAX_TURNS; index -= 1) {
    const message = earlier[index];
    if (message.status === 'failed' || message.content.trim() === '') continue;
    if (characters + message.content.length > HISTORY_MAX_CHARACTERS) break;
    characters += message.content.length;
    kept.unshift({ role: message.role, content: message.content });
  }

  const turns: ChatTurn[] = [];
  for (const turn of kept) {
    const last = turns[turns.length - 1];
    if (turns.length === 0 && turn.role === 'assistant') continue;
    if (last && last.role === turn.role) last.content = `${last.content}\n\n${turn.content}`;
    else turns.push({ ...turn });
  }
  while (turns.length > 0 && turns[turns.length - 1].role === 'user') turns.pop();
  return turns;
}
