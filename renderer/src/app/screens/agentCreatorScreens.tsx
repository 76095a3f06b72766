// Route modules for /agent-creator and /agent-creator/{agentId}.
import { useParams } from 'react-router-dom';
import { AgentCreatorPage } from '../../features/agent-creator';
import { useReloadTeam } from '../../features/team/api/teamQueries';
import { useCategories } from '../../shared/config';

/** Saving an agent reloads the team, so that it shows under 'Mis Agentes' at once. */
function Creator({ agentId }: { agentId?: string }) {
  const reload = useReloadTeam();
  return <AgentCreatorPage key={agentId ?? 'new'} agentId={agentId} onSaved={reload} categoryOptions={useCategories().options} />;
}

export function AgentCreatorScreen() {
  return <Creator />;
}

export function AgentCreatorEditScreen() {
  const { agentId } = useParams();
  return <Creator agentId={agentId} />;
}
