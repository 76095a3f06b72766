import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { chatKeys, useConversationList } from '../api/chatQueries';
import { chatOwnerAtom, resetChatAtom, type ChatOwner } from '../state/chatAtoms';

/**
 * Called once by the app's layout with the signed-in user (or none): keeps the sidebar's
 * conversation list loaded for that user, and forgets it on sign-out.
 */
export function useConversationsSync(owner: ChatOwner): void {
  const queryClient = useQueryClient();
  const setOwner = useSetAtom(chatOwnerAtom);
  const reset = useSetAtom(resetChatAtom);
  const userId = owner.status === 'user' ? owner.userId : null;
  const isAdmin = owner.status === 'user' ? owner.isAdmin : undefined;

  useEffect(() => {
    setOwner(owner);
    // Keyed on what it says, not the object: a new object for the same user must not reload.
  }, [owner.status, userId, isAdmin, setOwner]);

  useEffect(() => {
    if (owner.status !== 'visitor') return;
    queryClient.removeQueries({ queryKey: chatKeys.all });
    reset();
  }, [owner.status, queryClient, reset]);

  useConversationList(userId);
}
