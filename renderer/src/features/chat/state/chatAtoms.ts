import { atom } from 'jotai';
import type { ChatToolCall } from '../api/chatStream';

// Client state only: the conversations and their messages are server state, in the query cache
// (api/chatQueries.ts).

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

/** The sidebar's search box. */
export const conversationSearchAtom = atom('');

/** Why a user message got no reply: what to show beside its 'Reenviar' action. */
export interface SendError {
  title: string;
  message: string;
  agentLink?: string;
  agentId?: string;
}

export interface StreamingReply {
  /** The user message being answered (its client id). */
  userMessageId: string;
  /** The reply's id once the server has said it (the `start` event). */
  replyId: string | null;
  text: string;
  /** The tools the agent has called so far in this answer, with their results as they come (issue 33). */
  toolCalls?: ChatToolCall[];
}

/** A conversation's turn in progress on this screen: the reply streaming in, and the sends that failed. */
export interface LiveTurn {
  streaming: StreamingReply | null;
  /** By user message id. */
  sendErrors: Record<string, SendError>;
}

export const NO_LIVE_TURN: LiveTurn = { streaming: null, sendErrors: {} };

/** By conversation id. */
export const liveTurnsAtom = atom<Record<string, LiveTurn>>({});

/** The 'Suscripción Pausada' modal: open, for which agent (if known). */
export const pausedModalAtom = atom<{ open: boolean; agentId?: string }>({ open: false });

/** Sign-out: nothing of the last user's chat stays on screen. */
export const resetChatAtom = atom(null, (_get, set) => {
  set(conversationSearchAtom, '');
  set(liveTurnsAtom, {});
  set(pausedModalAtom, { open: false });
});
