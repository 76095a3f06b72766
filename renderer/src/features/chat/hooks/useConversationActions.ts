import { useSetAtom, useStore } from 'jotai';
import { useMemo } from 'react';
import { useToast } from '../../../shared/ui';
import { chatApi } from '../api/chatApi';
import { openConversationAtom, removeConversationAtom, upsertConversationAtom } from '../state/chatAtoms';
import { chatStrings } from '../strings';
import { titleToSave } from '../utils/conversations';

export interface ConversationActions {
  /** Saves a new title; false (nothing saved) for a blank trimmed title or a failure. */
  rename(id: string, draft: string, current: string): Promise<boolean>;
  remove(id: string): Promise<boolean>;
}

export function useConversationActions(): ConversationActions {
  const store = useStore();
  const upsert = useSetAtom(upsertConversationAtom);
  const removeFromList = useSetAtom(removeConversationAtom);
  const toast = useToast();

  return useMemo<ConversationActions>(
    () => ({
      async rename(id, draft, current) {
        const title = titleToSave(draft, current);
        if (title === null) return false;
        try {
          const updated = await chatApi.renameConversation(id, title);
          upsert(updated);
          const open = store.get(openConversationAtom);
          if (open?.id === id && open.conversation) {
            store.set(openConversationAtom, { ...open, conversation: { ...open.conversation, title: updated.title } });
          }
          return true;
        } catch (error) {
          toast.error({ title: chatStrings.sidebar.renameError, message: error instanceof Error ? error.message : chatStrings.errors.unknown });
          return false;
        }
      },
      async remove(id) {
        try {
          await chatApi.deleteConversation(id);
          removeFromList(id);
          toast.success(chatStrings.sidebar.deleted);
          return true;
        } catch (error) {
          toast.error({ title: chatStrings.sidebar.deleteError, message: error instanceof Error ? error.message : chatStrings.errors.unknown });
          return false;
        }
      },
    }),
    [store, upsert, removeFromList, toast],
  );
}
