import { atom } from 'jotai';
import { isApiError } from '../../../shared/api';
import { postAssistantMessage } from '../api/assistantApi';
import { assistantStrings } from '../strings';
import type { WidgetMessage } from '../types';
import { newId } from '../utils/ids';
import { getOrCreateSessionId } from '../utils/session';
import { canSend, chatbotReducer, initialChatbotState, safeArticles, type ChatbotAction, type ChatbotState } from './chatbotState';

const storedStateAtom = atom<ChatbotState | null>(null);

/** The widget's state machine; write an action to move it. The session id is read on first use. */
export const chatbotStateAtom = atom(
  (get): ChatbotState => get(storedStateAtom) ?? initialChatbotState(getOrCreateSessionId()),
  (get, set, action: ChatbotAction) => {
    set(storedStateAtom, chatbotReducer(get(chatbotStateAtom), action));
  },
);

export const botMessage = (content: string, kind: WidgetMessage['kind'], extra: Partial<WidgetMessage> = {}): WidgetMessage => ({
  id: newId(),
  content,
  sender: 'bot',
  timestamp: new Date().toISOString(),
  kind,
  ...extra,
});

/**
 * A refusal the user can act on (429 rate limit, 400 bad input, 401/403/413) keeps the mode; no
 * answer, a time-out, a 5xx or a missing endpoint means the assistant is unreachable: offline.
 */
function isRefusal(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && error.status >= 400 && error.status < 500 && error.status !== 404 && error.status !== 408;
}

export interface SendOptions {
  text: string;
  /** The page title for context (spec section 2). */
  page?: string;
}

/** Sends one message; resolves to false when it was not sent (empty, or a send still running). */
export const sendMessageAtom = atom(null, async (get, set, { text, page }: SendOptions): Promise<boolean> => {
  const state = get(chatbotStateAtom);
  if (!canSend(state, text)) return false;
  const message = text.trim();
  set(chatbotStateAtom, {
    type: 'sendStarted',
    message: { id: newId(), content: message, sender: 'user', timestamp: new Date().toISOString() },
  });
  try {
    const reply = await postAssistantMessage({ sessionId: state.sessionId, message, ...(page ? { page } : {}) });
    set(chatbotStateAtom, {
      type: 'replyReceived',
      message: botMessage(String(reply.reply ?? ''), 'reply', { id: reply.id || newId(), articles: safeArticles(reply.articles) }),
      mode: reply.mode === 'offline' ? 'offline' : 'online',
      suggestions: Array.isArray(reply.suggestedQuestions) ? reply.suggestedQuestions.filter((q) => typeof q === 'string') : [],
    });
  } catch (error) {
    if (isRefusal(error)) {
      set(chatbotStateAtom, { type: 'sendRejected', error: error instanceof Error && error.message ? error.message : assistantStrings.genericError });
    } else {
      set(chatbotStateAtom, { type: 'sendFailed', message: botMessage(assistantStrings.connectionError, 'error') });
    }
  }
  return true;
});
