import { useStore } from 'jotai';
import { useCallback } from 'react';
import { isApiError } from '../../../shared/api';
import { useSendAssistantMessage } from '../api/assistantQueries';
import { botMessage, chatbotStateAtom } from '../state/chatbotAtoms';
import { canSend, safeArticles } from '../state/chatbotState';
import { assistantStrings } from '../strings';
import { newId } from '../utils/ids';

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

/**
 * Sends one message through the widget's state machine; resolves to false when it was not sent
 * (empty, or a send still running). The reply lands in the state even if the panel was closed
 * meanwhile (it then counts as unread).
 */
export function useSendMessage(): (options: SendOptions) => Promise<boolean> {
  const store = useStore();
  const { mutateAsync } = useSendAssistantMessage();
  return useCallback(
    async ({ text, page }: SendOptions) => {
      const state = store.get(chatbotStateAtom);
      if (!canSend(state, text)) return false;
      const message = text.trim();
      store.set(chatbotStateAtom, {
        type: 'sendStarted',
        message: { id: newId(), content: message, sender: 'user', timestamp: new Date().toISOString() },
      });
      try {
        const reply = await mutateAsync({ sessionId: state.sessionId, message, ...(page ? { page } : {}) });
        store.set(chatbotStateAtom, {
          type: 'replyReceived',
          message: botMessage(reply.reply, 'reply', { id: reply.id || newId(), articles: safeArticles(reply.articles) }),
          mode: reply.mode,
          suggestions: reply.suggestedQuestions,
        });
      } catch (error) {
        if (isRefusal(error)) {
          store.set(chatbotStateAtom, { type: 'sendRejected', error: error instanceof Error && error.message ? error.message : assistantStrings.genericError });
        } else {
          store.set(chatbotStateAtom, { type: 'sendFailed', message: botMessage(assistantStrings.connectionError, 'error') });
        }
      }
      return true;
    },
    [store, mutateAsync],
  );
}
