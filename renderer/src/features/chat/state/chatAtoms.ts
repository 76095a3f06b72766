import { atom } from 'jotai';
import type { Conversation, Message } from '../types';
import { groupConversations } from '../utils/conversations';

/**
 * Whose conversations these are, set by the app from the auth state (the chat feature does not
 * read auth): `loading` while the session is read, then the user's id, or a visitor.
 */
export type ChatOwner =
  | { status: 'loading' }
  | { status: 'visitor' }
  | {
      status: 'user';
      /** The identity token's sub. */
      userId: string;
      isAdmin?: boolean;
    };

export const chatOwnerAtom = atom<ChatOwner>({ status: 'loading' });

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export const conversationsAtom = atom<Conversation[]>([]);
export const conversationsStatusAtom = atom<LoadStatus>('idle');
/** Bumped to reload the list (the sidebar's 'Reintentar'). */
export const conversationsReloadAtom = atom(0);
export const conversationSearchAtom = atom('');

/** The sidebar's two groups, filtered by the search box and newest first. */
export const conversationGroupsAtom = atom((get) => groupConversations(get(conversationsAtom), get(conversationSearchAtom)));

/** Adds a conversation or replaces the one with the same id. */
export const upsertConversationAtom = atom(null, (get, set, conversation: Conversation) => {
  const { messages: _messages, ...summary } = conversation;
  const list = get(conversationsAtom);
  const exists = list.some((item) => item.id === summary.id);
  set(conversationsAtom, exists ? list.map((item) => (item.id === summary.id ? { ...item, ...summary } : item)) : [summary, ...list]);
});

export const removeConversationAtom = atom(null, (get, set, id: string) => {
  set(
    conversationsAtom,
    get(conversationsAtom).filter((item) => item.id !== id),
  );
});

/** A message was sent: the conversation moves to the top of its group, as the server's updatedAt does. */
export const touchConversationAtom = atom(null, (get, set, id: string) => {
  const now = new Date().toISOString();
  set(
    conversationsAtom,
    get(conversationsAtom).map((item) => (item.id === id ? { ...item, updatedAt: now } : item)),
  );
});

export const resetConversationsAtom = atom(null, (_get, set) => {
  set(conversationsAtom, []);
  set(conversationsStatusAtom, 'idle');
  set(conversationSearchAtom, '');
  set(openConversationAtom, null);
});

/** A message as the chat shows it: stored, or the user's while it is being sent (or failed to). */
export interface ChatMessage extends Message {
  /** The send failed before a reply came: what to show beside the 'Reenviar' action. */
  sendError?: { title: string; message: string; agentLink?: string; agentId?: string };
}

export interface StreamingReply {
  /** The user message being answered (its client id). */
  userMessageId: string;
  /** The reply's id once the server has said it (the `start` event). */
  replyId: string | null;
  text: string;
}

export interface OpenConversation {
  id: string;
  status: LoadStatus | 'not-found';
  conversation: Conversation | null;
  messages: ChatMessage[];
  /** Older messages than those shown: there are some to load, they are loading, or loading failed. None when absent. */
  older?: 'available' | 'loading' | 'error';
  streaming: StreamingReply | null;
}

/** The conversation on screen, its messages and the reply streaming in. */
export const openConversationAtom = atom<OpenConversation | null>(null);

/** The 'Suscripción Pausada' modal: open, for which agent (if known). */
export const pausedModalAtom = atom<{ open: boolean; agentId?: string }>({ open: false });
