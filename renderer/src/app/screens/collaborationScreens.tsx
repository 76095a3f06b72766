// Collaboration chats composed with the team (whose agents are picked), the chat feature (the
// sidebar's conversation list) and the marketplace (an ecosystem's agents). Features do not import
// one another: this module hands each one what it needs from the others.
import { Center } from '@mantine/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  CollaborationChatPage,
  StartTeamChatPage,
  type ChatEcosystem,
  type PickableAgent,
} from '../../features/collaboration';
import { useEcosystem } from '../../features/marketplace';
import { useTeamAgents } from '../../features/team';
import { Spinner } from '../../shared/ui';
import { appStrings } from '../strings';
import { useListConversation } from './listConversation';
import { useCategories } from '../../shared/config';

/** 'Mis Agentes' as the collaboration feature picks them. */
export function useTeamPickable(): PickableAgent[] {
  const team = useTeamAgents().data;
  return useMemo(
    () => (team ?? []).map((agent) => ({ id: agent.agentId, name: agent.name, category: agent.category, avatar: agent.avatar })),
    [team],
  );
}

/** The ecosystem an ecosystem chat runs over (its agents), read from the marketplace. */
function useChatEcosystem(ecosystemId: string | undefined): ChatEcosystem | null {
  const { data, isError } = useEcosystem(ecosystemId);
  return useMemo(() => {
    if (!ecosystemId) return null;
    if (data) return { id: data.id, name: data.name, agentIds: data.agentIds };
    // Unreadable ecosystem: the chat shows it has no agents to run.
    return isError ? { id: ecosystemId, name: ecosystemId, agentIds: [] } : null;
  }, [ecosystemId, data, isError]);
}

/** /chat?flow=true (optionally &agents=a,b from /start-team-chat): a new 'Flujo de Agentes'. */
export function FlowChatScreen() {
  const [search] = useSearchParams();
  const agents = useTeamPickable();
  const onCreated = useListConversation();
  const preset = search.get('agents');
  const initialSelection = useMemo(() => (preset ? preset.split(',').filter(Boolean) : undefined), [preset]);
  return (
    <CollaborationChatPage agents={agents} initialSelection={initialSelection} formatCategory={useCategories().label} onConversationCreated={onCreated} />
  );
}

/** /chat/{id} of a flow or ecosystem conversation. */
export function CollaborationConversationScreen({ conversationId, ecosystemId }: { conversationId: string; ecosystemId?: string }) {
  const agents = useTeamPickable();
  const ecosystem = useChatEcosystem(ecosystemId);
  if (ecosystemId && !ecosystem) {
    return (
      <Center py="xl">
        <Spinner size="sm" label={appStrings.loading} />
      </Center>
    );
  }
  return <CollaborationChatPage conversationId={conversationId} agents={agents} ecosystem={ecosystem} formatCategory={useCategories().label} />;
}

/** /start-team-chat */
export function StartTeamChatScreen() {
  return <StartTeamChatPage agents={useTeamPickable()} formatCategory={useCategories().label} />;
}
