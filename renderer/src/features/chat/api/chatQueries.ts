import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { api, isApiError, withRetry, withTimeout, type components } from '../../../shared/api';
import { AGENT_FETCH_TIMEOUT_MS, MESSAGE_SAVE_INITIAL_DELAY_MS, MESSAGE_SAVE_RETRIES } from '../../../shared/config';
import { chatOwnerAtom } from '../state/chatAtoms';

/** A conversation as GET /api/conversations lists it, or GET /api/conversations/{id} reads it (with its newest messages). */
export type Conversation = components['schemas']['ConversationDto'];
export type ConversationMetadata = components['schemas']['ConversationMetadataDto'];
export type ConversationCategory = Conversation['category'];
export type Message = components['schemas']['MessageDto'];
export type MessageRole = Message['role'];
/** The agent shown in the header of an agent chat (GET /api/agents/{id}), as far as the chat needs it. */
export type ChatAgent = Pick<
  components['schemas']['AgentDto'],
  'id' | 'name' | 'description' | 'avatar' | 'price' | 'creatorId' | 'conversationStarters'
>;
/** The user's subscription covering an agent; success false when none does. */
export type SubscriptionLookup = components['schemas']['SubscriptionLookupDto'];
export type AssistantPrompt = components['schemas']['AssistantPromptDto'];
export type CreateConversationInput = Pick<components['schemas']['CreateConversationDto'], 'title' | 'metadata' | 'reuseOpen'>;
export type SaveMessageInput = Pick<components['schemas']['SaveMessageDto'], 'id' | 'role' | 'content' | 'timestamp'>;

/** List and CRUD calls should not leave the sidebar spinning on a stuck server. */
const CONVERSATIONS_TIMEOUT_MS = 15_000;
/** Messages read per page when the user goes back in a long conversation (the server allows 200). */
export const OLDER_MESSAGES_PAGE = 100;

/**
 * Under each resource's name: a user's conversation list, one conversation with its messages (read
 * page by page, newest first), the agent (the key the marketplace and the cart use), the
 * subscription covering an agent, and the user's assistant instructions.
 */
export const chatKeys = {
  all: ['conversations'] as const,
  lists: () => ['conversations', 'list'] as const,
  list: (userId: string) => ['conversations', 'list', userId] as const,
  conversation: (id: string) => ['conversations', 'detail', id] as const,
  latestWithAgent: (agentId: string) => ['conversations', 'latest', agentId] as const,
  agent: (id: string) => ['agents', id] as const,
  subscription: (userId: string, agentId: string) => ['subscriptions', 'user', userId, 'agent', agentId] as const,
  assistantPrompt: (userId: string) => ['users', userId, 'nova-prompt'] as const,
};

/** One page of a conversation's messages, oldest first; the first page also carries the conversation. */
export interface MessagePage {
  conversation?: Conversation;
  messages: Message[];
  /** Older messages than this page's remain on the server. */
  hasOlder: boolean;
}

/** Pages newest first; a page's param is the id of the message it ends before (null: the newest). */
export type ConversationPages = InfiniteData<MessagePage, string | null>;

function useChatUserId(): string | null {
  const owner = useAtomValue(chatOwnerAtom);
  return owner.status === 'user' ? owner.userId : null;
}

/** GET /api/conversations: the user's conversations (without messages), for the sidebar. */
export function useConversationList(userId: string | null) {
  return useQuery({
    queryKey: chatKeys.list(userId ?? ''),
    queryFn: async ({ signal }) => (await api.GET('/api/conversations', { signal: withTimeout(signal, CONVERSATIONS_TIMEOUT_MS) })).data ?? [],
    enabled: userId !== null,
  });
}

/** The signed-in user's conversations (the list the app keeps loaded). */
export function useConversations() {
  return useConversationList(useChatUserId());
}

/** Conversations created on this screen: their cache is what the server answered and this client sent, not read again on opening. */
const createdHere = new Set<string>();

async function fetchMessagePage(id: string, before: string | null, signal: AbortSignal): Promise<MessagePage> {
  const options = { signal: withTimeout(signal, CONVERSATIONS_TIMEOUT_MS) };
  if (before === null) {
    const { messages = [], hasOlderMessages = false, ...conversation } = (
      await api.GET('/api/conversations/{id}', { ...options, params: { path: { id } } })
    ).data!;
    return { conversation, messages, hasOlder: hasOlderMessages };
  }
  const page = (
    await api.GET('/api/conversations/{id}/messages', { ...options, params: { path: { id }, query: { before, limit: OLDER_MESSAGES_PAGE } } })
  ).data!;
  // A page shorter than asked for is the first of the conversation.
  return { messages: page, hasOlder: page.length >= OLDER_MESSAGES_PAGE };
}

/**
 * GET /api/conversations/{id} with its newest messages, then (fetchNextPage) each older page put
 * before them. Read afresh each time it opens, but the one just created here.
 */
export function useConversation(id: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery<MessagePage, Error, ConversationPages, ReturnType<typeof chatKeys.conversation>, string | null>({
    queryKey: chatKeys.conversation(id ?? ''),
    queryFn: ({ pageParam, signal }) => fetchMessagePage(id!, pageParam, signal),
    initialPageParam: null,
    getNextPageParam: (last) => (last.hasOlder && last.messages[0] ? last.messages[0].id : undefined),
    enabled: Boolean(id) && enabled,
    refetchOnMount: (query) => !createdHere.has(id ?? '') || query.state.isInvalidated,
  });
}

/**
 * GET /api/conversations/latest?agentId=: the user's open chat with the agent (their one of most
 * recent activity), or null. Read afresh on each visit: a chat deleted or started since counts.
 */
export function useLatestAgentConversation(agentId: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: chatKeys.latestWithAgent(agentId ?? ''),
    queryFn: async ({ signal }) =>
      (
        await api.GET('/api/conversations/latest', {
          params: { query: { agentId: agentId! } },
          signal: withTimeout(signal, CONVERSATIONS_TIMEOUT_MS),
        })
      ).data!.conversation,
    enabled: Boolean(agentId) && enabled,
    refetchOnMount: 'always',
    gcTime: 0,
  });
}

/** A conversation's messages, oldest first, each once. */
export function messagesOf(pages: ConversationPages | undefined): Message[] {
  if (!pages) return [];
  const seen = new Set<string>();
  const messages: Message[] = [];
  for (const page of [...pages.pages].reverse()) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      messages.push(message);
    }
  }
  return messages;
}

export const conversationOf = (pages: ConversationPages | undefined): Conversation | null => pages?.pages[0]?.conversation ?? null;

/** A 404 (or an id the server cannot read, 400) is a conversation that is not there. */
export const isMissing = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

/** Changes the newest page's messages of a conversation in the cache (a message sent, a reply come). */
export function updateMessages(queryClient: QueryClient, id: string, change: (messages: Message[]) => Message[]): void {
  queryClient.setQueryData<ConversationPages>(chatKeys.conversation(id), (data) => {
    if (!data?.pages[0]) return data;
    const [newest, ...older] = data.pages;
    return { ...data, pages: [{ ...newest, messages: change(newest.messages) }, ...older] };
  });
}

function withoutMessages(conversation: Conversation): Conversation {
  const { messages: _messages, hasOlderMessages: _older, ...summary } = conversation;
  return summary;
}

/** Adds a conversation to the user's list, or replaces the one with the same id. */
export function upsertListed(queryClient: QueryClient, conversation: Conversation): void {
  const summary = withoutMessages(conversation);
  queryClient.setQueriesData<Conversation[]>({ queryKey: chatKeys.lists() }, (list) => {
    if (!list) return list;
    return list.some((item) => item.id === summary.id)
      ? list.map((item) => (item.id === summary.id ? { ...item, ...summary } : item))
      : [summary, ...list];
  });
}

/** A message was sent: the conversation moves to the top of its group, as the server's updatedAt does. */
export function touchListed(queryClient: QueryClient, id: string): void {
  const now = new Date().toISOString();
  queryClient.setQueriesData<Conversation[]>({ queryKey: chatKeys.lists() }, (list) =>
    list?.map((item) => (item.id === id ? { ...item, updatedAt: now } : item)),
  );
}

/** A conversation made elsewhere (a collaboration run) goes to the top of the sidebar's list. */
export function useAddConversationToList() {
  const queryClient = useQueryClient();
  return useCallback(
    (conversation: Conversation) => {
      queryClient.setQueriesData<Conversation[]>({ queryKey: chatKeys.lists() }, (list) =>
        !list || list.some((item) => item.id === conversation.id) ? list : [withoutMessages(conversation), ...list],
      );
    },
    [queryClient],
  );
}

/** A conversation now on screen, as the server answered its creation: listed, and opened without reading it again. */
export function showCreated(queryClient: QueryClient, conversation: Conversation): void {
  const { messages = [], hasOlderMessages = false } = conversation;
  createdHere.add(conversation.id);
  upsertListed(queryClient, conversation);
  queryClient.setQueryData<ConversationPages>(chatKeys.conversation(conversation.id), {
    pages: [{ conversation: withoutMessages(conversation), messages, hasOlder: hasOlderMessages }],
    pageParams: [null],
  });
}

/** POST /api/conversations: created with the first message (spec section 4). */
export function useCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateConversationInput) =>
      (await api.POST('/api/conversations', { body: input, signal: AbortSignal.timeout(CONVERSATIONS_TIMEOUT_MS) })).data!,
    onSuccess: (conversation) => {
      showCreated(queryClient, conversation);
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
    },
  });
}

/** PUT /api/conversations/{id} { title }: the list and the open conversation show the server's title. */
export function useRenameConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, title }: { id: string; title: string }) =>
      (
        await api.PUT('/api/conversations/{id}', {
          params: { path: { id } },
          body: { title },
          signal: AbortSignal.timeout(CONVERSATIONS_TIMEOUT_MS),
        })
      ).data!,
    onSuccess: (updated, { id }) => {
      upsertListed(queryClient, updated);
      queryClient.setQueryData<ConversationPages>(chatKeys.conversation(id), (data) => {
        const newest = data?.pages[0];
        if (!data || !newest?.conversation) return data;
        return { ...data, pages: [{ ...newest, conversation: { ...newest.conversation, title: updated.title } }, ...data.pages.slice(1)] };
      });
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
    },
  });
}

/** DELETE /api/conversations/{id}: it leaves the list once the server has deleted it. */
export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.DELETE('/api/conversations/{id}', { params: { path: { id } }, signal: AbortSignal.timeout(CONVERSATIONS_TIMEOUT_MS) })).data,
    onSuccess: (_answer, id) => {
      createdHere.delete(id);
      queryClient.setQueriesData<Conversation[]>({ queryKey: chatKeys.lists() }, (list) => list?.filter((item) => item.id !== id));
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversation(id), refetchType: 'none' });
    },
  });
}

/**
 * POST /api/conversations/{id}/messages (spec section 7: retried up to 3 times, 500 ms doubling;
 * idempotent by the message id). The chat's turns store their messages on the server; this is the
 * contract's way to store one without a reply.
 */
export async function saveMessage(conversationId: string, message: SaveMessageInput): Promise<Message> {
  return withRetry(
    async () =>
      (
        await api.POST('/api/conversations/{id}/messages', {
          params: { path: { id: conversationId } },
          body: message,
          signal: AbortSignal.timeout(CONVERSATIONS_TIMEOUT_MS),
        })
      ).data!,
    { attempts: MESSAGE_SAVE_RETRIES, initialDelayMs: MESSAGE_SAVE_INITIAL_DELAY_MS },
  );
}

/** GET /api/agents/{id} (the spec's 10 s time-out): the agent of an agent chat. */
export function useChatAgent(id: string | undefined) {
  return useQuery({
    queryKey: chatKeys.agent(id ?? ''),
    queryFn: async ({ signal }): Promise<ChatAgent> =>
      (await api.GET('/api/agents/{id}', { params: { path: { id: id! } }, signal: withTimeout(signal, AGENT_FETCH_TIMEOUT_MS) })).data!,
    enabled: Boolean(id),
  });
}

/** GET /api/stripe-user-subscriptions/subscriptions/user/{user}/{agent}: the subscription covering the agent, checked as the chat opens. */
export function useSubscriptionLookup(userId: string | null, agentId: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: chatKeys.subscription(userId ?? '', agentId ?? ''),
    queryFn: async ({ signal }) =>
      (
        await api.GET('/api/stripe-user-subscriptions/subscriptions/user/{user}/{agent}', {
          params: { path: { user: userId!, agent: agentId! } },
          signal: withTimeout(signal, AGENT_FETCH_TIMEOUT_MS),
        })
      ).data!,
    enabled: enabled && userId !== null && agentId !== null,
  });
}

/** POST /api/users/{id}/nova-prompt without a prompt: reads the user's instructions for the main assistant. */
export function useAssistantPrompt(userId: string) {
  return useQuery({
    queryKey: chatKeys.assistantPrompt(userId),
    queryFn: async ({ signal }) =>
      (
        await api.POST('/api/users/{id}/nova-prompt', {
          params: { path: { id: userId } },
          body: {},
          signal: withTimeout(signal, CONVERSATIONS_TIMEOUT_MS),
        })
      ).data!,
  });
}

/** POST /api/users/{id}/nova-prompt { prompt }: saves them. */
export function useSaveAssistantPrompt(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (prompt: string) =>
      (
        await api.POST('/api/users/{id}/nova-prompt', {
          params: { path: { id: userId } },
          body: { prompt },
          signal: AbortSignal.timeout(CONVERSATIONS_TIMEOUT_MS),
        })
      ).data!,
    onSuccess: (saved) => {
      // What the server saved is what it would read back now; the next opening reads them afresh.
      queryClient.setQueryData(chatKeys.assistantPrompt(userId), saved);
      void queryClient.invalidateQueries({ queryKey: chatKeys.assistantPrompt(userId), refetchType: 'none' });
    },
  });
}
