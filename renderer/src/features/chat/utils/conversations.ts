import type { Conversation, ConversationCategory, ConversationMetadata } from '../api/chatQueries';

/**
 * Spec section 4: fine-tuning by its flag or type; agent when the title says 'Chat con' or it has
 * an agent without the Bedrock-agent or creator flags; otherwise the main assistant. The server
 * sends `category`; this is the same rule for a conversation changed here before it reloads.
 */
export function categoryOf(title: string, metadata: ConversationMetadata | null | undefined): ConversationCategory {
  const meta = metadata ?? {};
  if (meta.isFineTuningConversation === true || meta.type === 'fine-tuning') return 'fine-tuning';
  if (title.includes('Chat con')) return 'agent';
  if (meta.agentId && !meta.useBedrockAgent && !meta.isCreatorAgent) return 'agent';
  return 'main';
}

const time = (iso: string) => {
  const value = Date.parse(iso);
  return Number.isNaN(value) ? 0 : value;
};

/** Newest `updatedAt` first; ties keep a stable order by id. */
export function sortByUpdatedAt(conversations: readonly Conversation[]): Conversation[] {
  return [...conversations].sort((a, b) => time(b.updatedAt) - time(a.updatedAt) || a.id.localeCompare(b.id));
}

/** Case-insensitive 'contains' on the title; a blank query keeps everything. */
export function filterByTitle(conversations: readonly Conversation[], query: string): Conversation[] {
  const needle = query.trim().toLocaleLowerCase('es');
  if (needle === '') return [...conversations];
  return conversations.filter((conversation) => conversation.title.toLocaleLowerCase('es').includes(needle));
}

export interface ConversationGroups {
  main: Conversation[];
  agent: Conversation[];
}

/** Only the main and agent groups are listed (fine-tuning chats belong to the prompt editor). */
export function groupConversations(conversations: readonly Conversation[], query = ''): ConversationGroups {
  const groups: ConversationGroups = { main: [], agent: [] };
  for (const conversation of sortByUpdatedAt(filterByTitle(conversations, query))) {
    const category = conversation.category ?? categoryOf(conversation.title, conversation.metadata);
    if (category === 'main') groups.main.push(conversation);
    else if (category === 'agent') groups.agent.push(conversation);
  }
  return groups;
}

/** The title to save, or null when the rename must not be saved (blank once trimmed, or unchanged). */
export function titleToSave(draft: string, current: string): string | null {
  const title = draft.trim();
  if (title === '' || title === current) return null;
  return title;
}
