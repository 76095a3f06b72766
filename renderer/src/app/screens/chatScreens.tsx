// Route modules for /chat and /chat/{conversationId}. The chat does not know about payments: the
// 'Suscribirse' button and the paused modal's 'Reanudar' come from the subscriptions feature here.
import { useAtomValue } from 'jotai';
import { Center } from '@mantine/core';
import { useCallback } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { authStateAtom } from '../../features/auth/state/authState';
import { ChatPage, conversationOf, useConversation, useConversations, type ConversationMetadata } from '../../features/chat';
import { isCollaborationConversation, turnsAtom } from '../../features/collaboration';
import { SubscribeButton, subscriptionsStrings, useAgentPlan, useResumeSubscriptionForAgent } from '../../features/subscriptions';
import { Spinner, useToast } from '../../shared/ui';
import { CollaborationConversationScreen, FlowChatScreen } from './collaborationScreens';
import { subscriberOf } from './subscriber';
import { appStrings } from '../strings';

/** 'Suscribirse' to the agent that refused the chat, once its plan is known. */
function SubscribeToAgent({ agentId }: { agentId: string }) {
  const { user } = useAtomValue(authStateAtom);
  // Beside the chat's own refusal: without the plan there is simply no button to add.
  const { data: plan } = useAgentPlan(agentId);
  if (!user || !plan) return null;
  return <SubscribeButton account={subscriberOf(user)} plan={plan} size="xs" />;
}

function useChatPayments() {
  const { user } = useAtomValue(authStateAtom);
  const toast = useToast();
  const userId = user?.userId;
  const { mutateAsync: resume } = useResumeSubscriptionForAgent();
  const resumeSubscription = useCallback(
    async (agentId: string) => {
      if (!userId) return;
      await resume({ userId, agentId });
      toast.success(subscriptionsStrings.success.activated);
    },
    [userId, toast, resume],
  );
  const renderSubscribe = useCallback((agentId: string) => <SubscribeToAgent agentId={agentId} />, []);
  return { resumeSubscription, renderSubscribe };
}

export function ChatScreen() {
  const [search] = useSearchParams();
  const payments = useChatPayments();
  // /chat?flow=true: a 'Flujo de Agentes' run by collaboration sessions (spec sections 2 and 4).
  if (search.get('flow') === 'true' && !search.get('agent')) return <FlowChatScreen />;
  return <ChatPage {...payments} />;
}

/** metadata.type of the agent creator's conversations (one per draft). */
const AGENT_CREATOR_CONVERSATION = 'agent-creator';

type ConversationKind =
  | { kind: 'loading' }
  | { kind: 'chat' }
  | { kind: 'creator' }
  | { kind: 'collaboration'; metadata: ConversationMetadata };

/**
 * Flow and ecosystem conversations are collaboration chats; the rest are the chat's. The sidebar's
 * list (or this visit's runs) usually tells which; otherwise the conversation is read once.
 */
function useConversationKind(conversationId: string | undefined): ConversationKind {
  const listed = useConversations().data?.find((item) => item.id === conversationId);
  const runHere = useAtomValue(turnsAtom)[conversationId ?? ''] !== undefined;
  const known = listed !== undefined || runHere;
  const read = useConversation(conversationId, { enabled: !known });
  const fetched = conversationOf(read.data);
  if (!conversationId) return { kind: 'chat' };
  if (runHere) return { kind: 'collaboration', metadata: listed?.metadata ?? { fromFlow: true } };
  // Unknown or unreadable: the chat page shows that.
  const unreadable = read.error !== null && !read.isFetching;
  const metadata = listed ? listed.metadata : fetched ? (fetched.metadata ?? null) : unreadable ? null : undefined;
  if (metadata === undefined) return { kind: 'loading' };
  // The agent creator's conversation reopens in the creator, with its draft panel.
  if (metadata?.type === AGENT_CREATOR_CONVERSATION) return { kind: 'creator' };
  return isCollaborationConversation(metadata) && metadata ? { kind: 'collaboration', metadata } : { kind: 'chat' };
}

export function ConversationScreen() {
  const { conversationId } = useParams();
  const payments = useChatPayments();
  const kind = useConversationKind(conversationId);
  if (kind.kind === 'loading') {
    return (
      <Center py="xl">
        <Spinner size="sm" label={appStrings.loading} />
      </Center>
    );
  }
  if (kind.kind === 'creator' && conversationId) {
    return <Navigate to={`/agent-creator?conversation=${encodeURIComponent(conversationId)}`} replace />;
  }
  if (kind.kind === 'collaboration' && conversationId) {
    return (
      <CollaborationConversationScreen
        conversationId={conversationId}
        ecosystemId={kind.metadata.isEcosystemChat ? kind.metadata.ecosystemId : undefined}
      />
    );
  }
  return <ChatPage conversationId={conversationId} {...payments} />;
}
