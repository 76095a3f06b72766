import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect } from 'react';
import { isApiError } from '../../../shared/api';
import { chatApi } from '../api/chatApi';
import {
  chatOwnerAtom,
  conversationsAtom,
  conversationsReloadAtom,
  conversationsStatusAtom,
  resetConversationsAtom,
  type ChatOwner,
} from '../state/chatAtoms';

/**
 * Called once by the app's layout with the signed-in user (or none): keeps the sidebar's
 * conversation list loaded for that user, and empties it on sign-out.
 */
export function useConversationsSync(owner: ChatOwner): void {
  const store = useStore();
  const setOwner = useSetAtom(chatOwnerAtom);
  const reset = useSetAtom(resetConversationsAtom);
  const reload = useAtomValue(conversationsReloadAtom);
  const userId = owner.status === 'user' ? owner.userId : null;
  const isAdmin = owner.status === 'user' ? owner.isAdmin : undefined;

  useEffect(() => {
    setOwner(owner);
    // Keyed on what it says, not the object: a new object for the same user must not reload.
  }, [owner.status, userId, isAdmin, setOwner]);

  useEffect(() => {
    if (!userId) {
      if (owner.status === 'visitor') reset();
      return;
    }
    const controller = new AbortController();
    store.set(conversationsStatusAtom, 'loading');
    chatApi.listConversations(controller.signal).then(
      (list) => {
        if (controller.signal.aborted) return;
        store.set(conversationsAtom, list ?? []);
        store.set(conversationsStatusAtom, 'ready');
      },
      (error: unknown) => {
        if (controller.signal.aborted || (isApiError(error) && error.kind === 'aborted')) return;
        console.warn('[chat] could not load the conversations', error);
        store.set(conversationsStatusAtom, 'error');
      },
    );
    return () => controller.abort();
  }, [userId, owner.status, reload, reset, store]);
}
