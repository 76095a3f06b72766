import { useMemo } from 'react';
import { useToast } from '../../../shared/ui';
import { useDeleteConversation, useRenameConversation } from '../api/chatQueries';
import { chatStrings } from '../strings';
import { titleToSave } from '../utils/conversations';

export interface ConversationActions {
  /** Saves a new title; false (nothing saved) for a blank trimmed title or a failure. */
  rename(id: string, draft: string, current: string): Promise<boolean>;
  remove(id: string): Promise<boolean>;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : chatStrings.errors.unknown);

export function useConversationActions(): ConversationActions {
  const { mutateAsync: rename } = useRenameConversation();
  const { mutateAsync: remove } = useDeleteConversation();
  const toast = useToast();

  return useMemo<ConversationActions>(
    () => ({
      async rename(id, draft, current) {
        const title = titleToSave(draft, current);
        if (title === null) return false;
        try {
          await rename({ id, title });
          return true;
        } catch (error) {
          toast.error({ title: chatStrings.sidebar.renameError, message: messageOf(error) });
          return false;
        }
      },
      async remove(id) {
        try {
          await remove(id);
          toast.success(chatStrings.sidebar.deleted);
          return true;
        } catch (error) {
          toast.error({ title: chatStrings.sidebar.deleteError, message: messageOf(error) });
          return false;
        }
      },
    }),
    [rename, remove, toast],
  );
}
