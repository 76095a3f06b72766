// Route modules for /agent-creator and /agent-creator/{agentId}. Saving an agent marks 'Mis
// Agentes' as changed itself (the ['agents'] queries).
import { useParams } from 'react-router-dom';
import { AgentCreatorPage } from '../../features/agent-creator';

function Creator({ agentId }: { agentId?: string }) {
  return <AgentCreatorPage key={agentId ?? 'new'} agentId={agentId} />;
}

export function AgentCreatorScreen() {
  return <Creator />;
}

export function AgentCreatorEditScreen() {
  const { agentId } = useParams();
  return <Creator agentId={agentId} />;
}
