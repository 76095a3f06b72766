import './chat.css';
import { Alert, Anchor, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useRuntimeConfig } from '../../../shared/config';
import { AppButton, EntityAvatar, Spinner } from '../../../shared/ui';
import { chatApi } from '../api/chatApi';
import {
  loadConversation,
  loadOlderMessages,
  metadataFor,
  sendMessage,
  showConversation,
  stopReply,
  titleFromMessage,
} from '../hooks/chatSession';
import { usePausedSubscriptionOnOpen } from '../hooks/usePausedSubscriptionOnOpen';
import { openConversationAtom, type ChatMessage, type OpenConversation } from '../state/chatAtoms';
import { chatStrings } from '../strings';
import type { ChatAgent, ChatIntent, Conversation } from '../types';
import { classifySendError, failureMessage } from '../utils/chatErrors';
import { newMessageId } from '../utils/ids';
import { parseChatIntent } from '../utils/intent';
import { AssistantInstructionsButton } from './AssistantInstructions';
import { ChatComposer } from './ChatComposer';
import { MessageItem } from './MessageItem';
import { SubscriptionPausedModal } from './SubscriptionPausedModal';

const strings = chatStrings.page;

function useAgent(agentId: string | undefined, reload = 0): ChatAgent | null {
  const [agent, setAgent] = useState<ChatAgent | null>(null);
  useEffect(() => {
    setAgent(null);
    if (!agentId) return;
    const controller = new AbortController();
    chatApi.getAgent(agentId, controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setAgent(value);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [agentId, reload]);
  return agent;
}

function agentIdOf(conversation: Conversation | null): string | undefined {
  if (!conversation || conversation.category !== 'agent') return undefined;
  return conversation.metadata?.agentId;
}

function ChatHeader({ title, agent, isMain }: { title: string; agent: ChatAgent | null; isMain: boolean }) {
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
        {isMain && <AssistantInstructionsButton />}
      </div>
    </header>
  );
}

function Welcome({ intent, agent }: { intent: ChatIntent | null; agent: ChatAgent | null }) {
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
    </Stack>
  );
}

/**
 * Above the oldest message shown, when there are older ones: a button, and the same load as soon as
 * the user scrolls up to it.
 */
function OlderMessages({ state, onLoad }: { state: NonNullable<OpenConversation['older']>; onLoad: () => void }) {
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
  streaming: { userMessageId: string; replyId: string | null; text: string } | null;
  older: OpenConversation['older'];
  authorName: string;
  onResend: (message: ChatMessage) => void;
  onLoadOlder: () => void;
  renderSubscribe?: (agentId: string) => ReactNode;
}

function Messages({ messages, streaming, older, authorName, onResend, onLoadOlder, renderSubscribe }: MessagesProps) {
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
              metadata: null,
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

/** /chat and /chat/{conversationId}: the conversation, its messages and the composer. */
export function ChatPage({ conversationId, renderSubscribe, resumeSubscription }: ChatPageProps) {
  const store = useStore();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const { productName } = useRuntimeConfig();
  const open = useAtomValue(openConversationAtom);
  const intent = conversationId ? null : parseChatIntent(search);
  const [creating, setCreating] = useState<{ status: 'idle' | 'creating' | 'error'; message?: string }>({ status: 'idle' });
  const [reload, setReload] = useState(0);
  const [agentReload, setAgentReload] = useState(0);

  const current = conversationId && open?.id === conversationId ? open : null;
  const agentId = agentIdOf(current?.conversation ?? null) ?? (intent?.kind === 'agent' ? intent.agentId : undefined);
  // Reloaded after a resume: the paused check runs again and the chat starts.
  const agent = useAgent(agentId, agentReload);
  usePausedSubscriptionOnOpen(agent);

  // /chat/{id}: load it (unless it is the one just created here).
  useEffect(() => {
    if (!conversationId) return;
    const controller = new AbortController();
    void loadConversation(store, conversationId, controller.signal);
    return () => controller.abort();
  }, [conversationId, store, reload]);

  // /chat without an id: nothing is created until the first message, so that opening a chat and
  // leaving leaves no empty conversation in the sidebar. location.key: every visit starts afresh.
  useEffect(() => {
    if (conversationId) return;
    const currentOpen = store.get(openConversationAtom);
    if (currentOpen && !currentOpen.streaming) store.set(openConversationAtom, null);
    setCreating({ status: 'idle' });
  }, [conversationId, location.key, store]);

  const send = async (text: string) => {
    if (current?.conversation) {
      await sendMessage(store, {
        conversationId: current.conversation.id,
        content: text,
        messageId: newMessageId(),
        agentId: agentIdOf(current.conversation),
      });
      return;
    }
    if (conversationId || !intent) return;
    // The first message creates the conversation: an agent's or a flow's gets its title from the
    // server ('Chat con {agent}', 'Flujo de Agentes', spec section 4), the main assistant's from the message.
    setCreating({ status: 'creating' });
    try {
      const conversation = await chatApi.createConversation(
        intent.kind === 'main' ? { title: titleFromMessage(text) } : { metadata: metadataFor(intent) },
      );
      showConversation(store, conversation);
      setCreating({ status: 'idle' });
      navigate(`/chat/${encodeURIComponent(conversation.id)}`, { replace: true });
      await sendMessage(store, {
        conversationId: conversation.id,
        content: text,
        messageId: newMessageId(),
        agentId: agentIdOf(conversation),
      });
    } catch (error) {
      setCreating({ status: 'error', message: failureMessage(classifySendError(error)) });
    }
  };

  const resend = (message: ChatMessage) => {
    if (!current?.conversation) return;
    void sendMessage(store, {
      conversationId: current.conversation.id,
      content: message.content,
      messageId: message.id,
      agentId: agentIdOf(current.conversation),
    });
  };

  const loadOlder = useCallback(() => {
    if (conversationId) void loadOlderMessages(store, conversationId);
  }, [store, conversationId]);

  const authorName = agent?.name ?? productName;
  const streaming = current?.streaming ?? null;

  let body: ReactNode;
  if (conversationId && (!current || current.status === 'loading' || current.status === 'idle')) {
    body = (
      <Center py="xl">
        <Spinner size="sm" label={strings.loading} />
      </Center>
    );
  } else if (current?.status === 'not-found') {
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
  } else if (current?.status === 'error') {
    body = (
      <Alert color="red" title={strings.openError} my="md">
        <AppButton variant="outline" size="xs" onClick={() => setReload((value) => value + 1)}>
          {strings.retry}
        </AppButton>
      </Alert>
    );
  } else if (current && (current.messages.length > 0 || streaming)) {
    body = (
      <Messages
        messages={current.messages}
        streaming={streaming}
        older={current.older}
        authorName={authorName}
        onResend={resend}
        onLoadOlder={loadOlder}
        renderSubscribe={renderSubscribe}
      />
    );
  } else {
    body = <Welcome intent={intent} agent={agent} />;
  }

  // Before the first message, the title the server will give the conversation (spec section 4).
  let title: string = current?.conversation?.title ?? strings.newTitle;
  if (!current?.conversation && intent?.kind === 'agent' && agent) title = strings.agentTitle(agent.name);
  else if (!current?.conversation && intent?.kind === 'flow') title = strings.flowTitle;
  const canCompose = (current?.status === 'ready' && current.conversation !== null) || !conversationId;

  // An unknown conversation is only that: no header titled as a new one, no composer.
  if (current?.status === 'not-found') return <div className="chat-page">{body}</div>;

  return (
    <div className="chat-page">
      {(!conversationId || current?.conversation) && (
        <ChatHeader
          title={title}
          agent={agent}
          isMain={!agentId && (current?.conversation ? current.conversation.category === 'main' : intent?.kind === 'main')}
        />
      )}
      <div className="chat-scroll">
        {creating.status === 'error' && (
          <Alert color="red" title={chatStrings.errors.send} my="md" role="alert">
            <Text size="sm">{creating.message || chatStrings.errors.unknown}</Text>
          </Alert>
        )}
        {body}
      </div>
      <ChatComposer
        onSend={(text) => void send(text)}
        onStop={() => current && stopReply(current.id)}
        streaming={streaming !== null}
        disabled={!canCompose || creating.status === 'creating'}
      />
      <SubscriptionPausedModal onResume={resumeSubscription} onResumed={() => setAgentReload((value) => value + 1)} />
    </div>
  );
}

