// Route modules for /agent-creator and /agent-creator/{agentId}. Saving an agent marks 'Mis
// Agentes' as changed itself (the ['agents'] queries). `?conversation={id}` reopens a creator
// conversation (its draft and messages); without it, the visit goes on with the one under way.
import { useParams, useSearchParams } from 'react-router-dom';
import { AgentCreatorPage } from '../../features/agent-creator';

function Creator({ agentId }: { agentId?: string }) {
  const [search] = useSearchParams();
  const conversationId = search.get('conversation') ?? undefined;
  return <AgentCreatorPage key={`${agentId ?? 'new'}:${conversationId ?? ''}`} agentId={agentId} conversationId={conversationId} />;
}

export function AgentCreatorScreen() {
  return <Creator />;
}

export function AgentCreatorEditScreen() {
  const { agentId } = useParams();
  return <Creator agentId={agentId} />;
}
