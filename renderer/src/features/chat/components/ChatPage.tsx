import './chat.css';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useRuntimeConfig } from '../../../shared/config';
import { AppButton, EntityAvatar, LoadStatus, Spinner } from '../../../shared/ui';
import {
  chatKeys,
  conversationOf,
  isMissing,
  messagesOf,
  useChatAgent,
  useConversation,
  useCreateConversation,
  useLatestAgentConversation,
  type ChatAgent,
  type Conversation,
} from '../api/chatQueries';
import type { SentAttachment } from '../api/chatAttachments';
import { answerToolConfirmation, metadataFor, sendMessage, stopReply, titleFromMessage } from '../hooks/chatSession';
import { usePausedSubscriptionOnOpen } from '../hooks/usePausedSubscriptionOnOpen';
import { liveTurnsAtom, NO_LIVE_TURN, type StreamingReply } from '../state/chatAtoms';
import { chatStrings } from '../strings';
import { classifySendError, failureMessage } from '../utils/chatErrors';
import { writeConversationConfig } from '../utils/conversationConfig';
import { newMessageId } from '../utils/ids';
import { newChatPath, parseChatIntent, type ChatIntent } from '../utils/intent';
import { AssistantInstructionsButton } from './AssistantInstructions';
import { ChatComposer } from './ChatComposer';
import { ConversationStarters } from './ConversationStarters';
import { MessageItem, type ChatMessage } from './MessageItem';
import { SubscriptionPausedModal } from './SubscriptionPausedModal';

const strings = chatStrings.page;

function agentIdOf(conversation: Conversation | null): string | undefined {
  if (!conversation || conversation.category !== 'agent') return undefined;
  return conversation.metadata?.agentId;
}

interface ChatHeaderProps {
  title: string;
  agent: ChatAgent | null;
  isMain: boolean;
  /** 'Nueva conversación': where a new one starts (with the same agent), once this one exists. */
  newChatHref?: string;
}

function ChatHeader({ title, agent, isMain, newChatHref }: ChatHeaderProps) {
  return (
    <header className="chat-header">
      {/* The title keeps the room it needs: on a narrow screen the instructions button goes below. */}
      <div className="chat-header-row">
        <Group gap="sm" wrap="nowrap" className="chat-header-title">
          {agent && <EntityAvatar name={agent.name} src={agent.avatar ?? null} size={40} radius="md" />}
          <div style={{ minWidth: 0 }}>
            <Title order={1} fz="lg" lineClamp={2}>
              {title}
            </Title>
            {agent && (
              <Group gap="xs" wrap="nowrap">
                {agent.description && (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {agent.description}
                  </Text>
                )}
                <Anchor
                  component={Link}
                  to={`/marketplace/agent/${encodeURIComponent(agent.id)}`}
                  size="xs"
                  style={{ flexShrink: 0 }}
                >
                  {strings.viewAgent}
                </Anchor>
              </Group>
            )}
          </div>
        </Group>
        {(newChatHref || isMain) && (
          // Side by side, or one under the other when a narrow screen has no room for both.
          <Group gap="xs">
            {newChatHref && (
              <AppButton component={Link} to={newChatHref} variant="outline" size="compact-xs">
                {strings.newChat}
              </AppButton>
            )}
            {isMain && <AssistantInstructionsButton />}
          </Group>
        )}
      </div>
    </header>
  );
}

interface WelcomeProps {
  intent: ChatIntent | null;
  agent: ChatAgent | null;
  /** Sends a conversation starter's text, as if typed; absent while nothing can be sent. */
  onStart?: (text: string) => void;
}

function Welcome({ intent, agent, onStart }: WelcomeProps) {
  const { productName } = useRuntimeConfig();
  let text: string = strings.mainWelcome(productName);
  if (agent) text = strings.agentWelcome(agent.name);
  else if (intent?.kind === 'flow') text = strings.flowWelcome;
  return (
    <Stack align="center" gap={6} py="xl" className="chat-welcome">
      <Text fw={700} ta="center">
        {text}
      </Text>
      {!agent && intent?.kind !== 'flow' && (
        <Text size="sm" c="dimmed" ta="center">
          {strings.mainHint}
        </Text>
      )}
      {agent && <ConversationStarters starters={agent.conversationStarters ?? []} onStart={onStart} />}
    </Stack>
  );
}

/**
 * Above the oldest message shown, when there are older ones: a button, and the same load as soon as
 * the user scrolls up to it.
 */
/** Older messages than those shown: there are some to load, they are loading, or loading failed. None when absent. */
type OlderState = 'available' | 'loading' | 'error' | undefined;

function OlderMessages({ state, onLoad }: { state: NonNullable<OlderState>; onLoad: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = button.current;
    if (state !== 'available' || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onLoad();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [state, onLoad]);

  if (state === 'loading') {
    return (
      <Center py="sm">
        <Spinner size="sm" label={strings.loadingOlder} />
      </Center>
    );
  }
  return (
    <Stack align="center" gap="xs" py="sm">
      {state === 'error' && (
        <Text size="sm" c="red" role="alert">
          {strings.olderError}
        </Text>
      )}
      <AppButton ref={button} variant="outline" size="xs" onClick={onLoad}>
        {state === 'error' ? strings.retry : strings.loadOlder}
      </AppButton>
    </Stack>
  );
}

interface MessagesProps {
  messages: ChatMessage[];
  streaming: StreamingReply | null;
  older: OlderState;
  authorName: string;
  onResend: (message: ChatMessage) => void;
  onLoadOlder: () => void;
  renderSubscribe?: (agentId: string) => ReactNode;
  /** 'Permitir' / 'Rechazar' on an answer waiting for a tool's confirmation. */
  onToolAnswer: (message: ChatMessage, allow: boolean) => void;
}

function Messages({ messages, streaming, older, authorName, onResend, onLoadOlder, renderSubscribe, onToolAnswer }: MessagesProps) {
  const end = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  // A new message at the end, or the reply growing, scrolls down; older ones put above do not.
  const lastKey = `${messages[messages.length - 1]?.id ?? ''}:${streaming ? streaming.text.length : -1}`;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [lastKey]);

  // Older messages went in above the one that was first: it stays where the reader had it.
  const anchor = useRef<{ element: Element; top: number } | null>(null);
  useLayoutEffect(() => {
    const first = list.current?.firstElementChild ?? null;
    const previous = anchor.current;
    if (previous && first !== previous.element && previous.element.isConnected) {
      const shift = previous.element.getBoundingClientRect().top - previous.top;
      if (shift !== 0) window.scrollBy(0, shift);
    }
    anchor.current = first ? { element: first, top: first.getBoundingClientRect().top } : null;
  });

  // The user message a failed reply answers: 'Reenviar' on the reply sends that one again.
  const previousUser = (index: number): ChatMessage | undefined => {
    for (let i = index - 1; i >= 0; i -= 1) if (messages[i]!.role === 'user') return messages[i];
    return undefined;
  };

  return (
    <>
      {older && <OlderMessages state={older} onLoad={onLoadOlder} />}
      <ol ref={list} className="chat-messages" aria-label={strings.messages}>
        {messages.map((message, index) => {
          const last = index === messages.length - 1;
          // A last user message with no reply and nothing streaming here: the reply was cut (the
          // server restarted, say) and the server answers the same id again when it is resent.
          const resendTarget =
            message.role === 'user' && (message.sendError || (last && streaming === null))
              ? message
              : message.role === 'assistant' && message.status === 'failed' && last
                ? previousUser(index)
                : undefined;
          return (
            <MessageItem
              key={message.id}
              message={message}
              authorName={authorName}
              userName={strings.you}
              busy={streaming !== null}
              onResend={resendTarget ? () => onResend(resendTarget) : undefined}
              renderSubscribe={renderSubscribe}
              onToolAnswer={message.metadata?.toolConfirmation ? (allow) => onToolAnswer(message, allow) : undefined}
            />
          );
        })}
        {streaming && (
          <MessageItem
            key="streaming"
            streaming
            authorName={authorName}
            userName={strings.you}
            message={{
              id: streaming.replyId ?? 'streaming',
              role: 'assistant',
              content: streaming.text,
              timestamp: '',
              metadata: streaming.toolCalls && streaming.toolCalls.length > 0 ? { toolCalls: streaming.toolCalls } : null,
              status: 'complete',
              usage: null,
            }}
          />
        )}
      </ol>
      <div ref={end} />
    </>
  );
}

export interface ChatPageProps {
  /** /chat/{conversationId}; without it, a new conversation (from the query). */
  conversationId?: string;
  /** 'Suscribirse' beside the 'subscription required' refusal (supplied by the app). */
  renderSubscribe?: (agentId: string) => ReactNode;
  /** 'Reanudar' in the 'Suscripción Pausada' modal (supplied by the app). */
  resumeSubscription?: (agentId: string) => Promise<void>;
}

/** A failed load, in the chat's column: the server's text and 'Reintentar'. */
function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <LoadStatus
      error={error instanceof Error && error.message ? error.message : chatStrings.errors.unknown}
      loadingText={strings.loading}
      retryText={strings.retry}
      onRetry={onRetry}
    />
  );
}

/** /chat and /chat/{conversationId}: the conversation, its messages and the composer. */
export function ChatPage({ conversationId, renderSubscribe, resumeSubscription }: ChatPageProps) {
  const store = useStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const { productName } = useRuntimeConfig();
  const intent = conversationId ? null : parseChatIntent(search);
  const create = useCreateConversation();
  // 'Chatear' with an agent goes on with the user's open chat with it, unless they asked for a new one.
  const goOn = intent?.kind === 'agent' && !intent.fresh;
  const latest = useLatestAgentConversation(goOn ? intent.agentId : undefined);
  const openChat = goOn && latest.isFetchedAfterMount ? latest.data : null;
  // A failed look-up leaves the new chat: its first message still goes on with the open one (reuseOpen).
  const looking = goOn && !latest.isFetchedAfterMount;

  const load = useConversation(conversationId);
  const conversation = conversationOf(load.data);
  const stored = useMemo(() => messagesOf(load.data), [load.data]);
  const live = useAtomValue(liveTurnsAtom)[conversationId ?? ''] ?? NO_LIVE_TURN;
  const messages = useMemo<ChatMessage[]>(
    () => stored.map((message) => (live.sendErrors[message.id] ? { ...message, sendError: live.sendErrors[message.id] } : message)),
    [stored, live.sendErrors],
  );
  const streaming = conversationId ? live.streaming : null;
  const older: OlderState = load.isFetchingNextPage ? 'loading' : load.isFetchNextPageError ? 'error' : load.hasNextPage ? 'available' : undefined;
  let view: 'loading' | 'not-found' | 'error' | 'ready' = 'ready';
  if (conversationId) {
    // A failed page of older messages is said above them, not here.
    const failed = load.error && !load.isFetching && !load.isFetchNextPageError ? load.error : null;
    if (failed && isMissing(failed)) view = 'not-found';
    else if (!conversation) view = failed ? 'error' : 'loading';
  }

  const agentId = agentIdOf(conversation) ?? (intent?.kind === 'agent' ? intent.agentId : undefined);
  const agentLoad = useChatAgent(view === 'ready' ? agentId : undefined);
  const agent: ChatAgent | null = agentLoad.data ?? null;
  const agentError = agentLoad.error && !agentLoad.isFetching ? agentLoad.error : null;
  usePausedSubscriptionOnOpen(agent);

  // The open conversation's config, kept in local storage (spec section 3).
  useEffect(() => {
    if (conversation) writeConversationConfig(conversation);
  }, [conversation]);

  // /chat without an id: nothing is created until the first message, so that opening a chat and
  // leaving leaves no empty conversation in the sidebar. location.key: every visit starts afresh.
  const { reset: resetCreate } = create;
  useEffect(() => {
    if (!conversationId) resetCreate();
  }, [conversationId, location.key, resetCreate]);

  const session = { store, queryClient };

  const send = async (text: string, attachments: SentAttachment[] = []) => {
    if (conversation) {
      await sendMessage(session, {
        conversationId: conversation.id,
        content: text,
        messageId: newMessageId(),
        agentId: agentIdOf(conversation),
        attachments,
      });
      return;
    }
    if (conversationId || !intent) return;
    // The first message creates the conversation: an agent's or a flow's gets its title from the
    // server ('Chat con {agent}', 'Flujo de Agentes', spec section 4), the main assistant's from the message.
    let created: Conversation;
    try {
      created = await create.mutateAsync(
        intent.kind === 'main'
          ? { title: titleFromMessage(text) }
          : { metadata: metadataFor(intent), ...(intent.kind === 'agent' && !intent.fresh ? { reuseOpen: true } : {}) },
      );
    } catch {
      return; // Shown from the mutation's state.
    }
    navigate(`/chat/${encodeURIComponent(created.id)}`, { replace: true });
    await sendMessage(session, {
      conversationId: created.id,
      content: text,
      messageId: newMessageId(),
      agentId: agentIdOf(created),
      attachments,
    });
  };

  const resend = (message: ChatMessage) => {
    if (!conversation) return;
    void sendMessage(session, {
      conversationId: conversation.id,
      content: message.content,
      messageId: message.id,
      agentId: agentIdOf(conversation),
    });
  };

  const { fetchNextPage, isFetchingNextPage, hasNextPage } = load;
  const loadOlder = useCallback(() => {
    // Once at most, however often it is asked for (the button, and scrolling up to it).
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, isFetchingNextPage, hasNextPage]);

  // After a resume: the agent and its subscription are read again, and the chat starts.
  const onResumed = () => {
    if (!agentId) return;
    void queryClient.invalidateQueries({ queryKey: chatKeys.agent(agentId) });
    void queryClient.invalidateQueries({ queryKey: ['subscriptions'] });
  };

  if (openChat) return <Navigate to={`/chat/${encodeURIComponent(openChat.id)}`} replace />;

  const authorName = agent?.name ?? productName;
  const canCompose = (view === 'ready' && conversation !== null) || (!conversationId && !looking);

  let body: ReactNode;
  if (view === 'loading' || looking) {
    body = (
      <Center py="xl">
        <Spinner size="sm" label={strings.loading} />
      </Center>
    );
  } else if (view === 'not-found') {
    body = (
      <Stack align="center" py="xl" gap="sm">
        <Title order={2} fz="lg">
          {strings.notFound}
        </Title>
        <Text size="sm" c="dimmed" ta="center">
          {strings.notFoundText}
        </Text>
        <AppButton component={Link} to="/chat" variant="outline">
          {strings.newChat}
        </AppButton>
      </Stack>
    );
  } else if (view === 'error') {
    body = (
      <Alert color="red" title={strings.openError} my="md">
        <Text size="sm" mb="xs">
          {load.error instanceof Error && load.error.message ? load.error.message : chatStrings.errors.unknown}
        </Text>
        <AppButton variant="outline" size="xs" onClick={() => void load.refetch()}>
          {strings.retry}
        </AppButton>
      </Alert>
    );
  } else if (messages.length > 0 || streaming) {
    body = (
      <Messages
        key={conversationId}
        messages={messages}
        streaming={streaming}
        older={older}
        authorName={authorName}
        onResend={resend}
        onLoadOlder={loadOlder}
        renderSubscribe={renderSubscribe}
        onToolAnswer={(message, allow) => {
          if (conversation) void answerToolConfirmation(session, { conversationId: conversation.id, reply: message, allow, agentId: agentIdOf(conversation) });
        }}
      />
    );
  } else if (!agentError) {
    body = <Welcome intent={intent} agent={agent} onStart={canCompose && !create.isPending ? (text) => void send(text) : undefined} />;
  }

  // Before the first message, the title the server will give the conversation (spec section 4).
  let title: string = conversation?.title ?? strings.newTitle;
  if (!conversation && intent?.kind === 'agent' && agent) title = strings.agentTitle(agent.name);
  else if (!conversation && intent?.kind === 'flow') title = strings.flowTitle;

  // An unknown conversation is only that: no header titled as a new one, no composer.
  if (view === 'not-found') return <div className="chat-page">{body}</div>;

  return (
    <div className="chat-page">
      {(!conversationId || conversation) && (
        <ChatHeader
          title={title}
          agent={agent}
          isMain={!agentId && (conversation ? conversation.category === 'main' : intent?.kind === 'main')}
          newChatHref={conversation ? newChatPath(agentIdOf(conversation)) : undefined}
        />
      )}
      <div className="chat-scroll">
        {agentError && <LoadError error={agentError} onRetry={() => void agentLoad.refetch()} />}
        {create.isError && (
          <Alert color="red" title={chatStrings.errors.send} my="md" role="alert">
            <Text size="sm">{failureMessage(classifySendError(create.error)) || chatStrings.errors.unknown}</Text>
          </Alert>
        )}
        {body}
      </div>
      <ChatComposer
        onSend={(text, attachments) => void send(text, attachments)}
        onStop={() => conversationId && stopReply(conversationId)}
        streaming={streaming !== null}
        disabled={!canCompose || create.isPending}
      />
      <SubscriptionPausedModal onResume={resumeSubscription} onResumed={onResumed} />
    </div>
  );
}
