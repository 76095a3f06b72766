import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
// Straight to the atoms, not the chat feature's index: the marketplace chunk needs only this.
import { conversationsAtom } from '../../features/chat/state/chatAtoms';
import type { Conversation } from '../../features/chat/types';
import type { CollaborationConversation } from '../../features/collaboration/types';

/** A conversation made by the collaboration feature goes to the top of the sidebar's list. */
export function useListConversation() {
  const setConversations = useSetAtom(conversationsAtom);
  return useCallback(
    (created: CollaborationConversation) => {
      const { messages: _messages, ...rest } = created;
      const summary = { category: 'main', ...rest } as unknown as Conversation;
      setConversations((list) => (list.some((item) => item.id === created.id) ? list : [summary, ...list]));
    },
    [setConversations],
  );
}
