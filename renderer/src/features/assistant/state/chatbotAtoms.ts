import { atom } from 'jotai';
import { newId } from '../utils/ids';
import { getOrCreateSessionId } from '../utils/session';
import { chatbotReducer, initialChatbotState, type ChatbotAction, type ChatbotState, type WidgetMessage } from './chatbotState';

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
