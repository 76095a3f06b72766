// Straight to the queries, not the chat feature's index: the marketplace chunk needs only this.
import { useAddConversationToList } from '../../features/chat/api/chatQueries';

/** A conversation made by the collaboration feature (the contract's ConversationDto) goes to the top of the sidebar's list. */
export function useListConversation() {
  return useAddConversationToList();
}
