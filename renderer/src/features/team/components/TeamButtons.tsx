import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { AppButton } from '../../../shared/ui';
import { useTeamActions } from '../hooks/useTeam';
import { useTeamAgents, useTeamEcosystems, type TeamAgentInput, type TeamEcosystemInput } from '../api/teamQueries';
import { teamOwnerAtom } from '../state/teamAtoms';
import { teamStrings } from '../strings';

const strings = teamStrings.buttons;

function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

const useInTeam = (agentId: string) => (useTeamAgents().data ?? []).some((item) => item.agentId === agentId);

/**
 * 'Añadir al equipo', or 'En tu equipo' once added. The latter still answers a click, with the
 * duplicate toast, so the refusal is visible rather than a dead button.
 */
export function AddAgentToTeamButton({ agent, size = 'xs' }: { agent: TeamAgentInput; size?: 'xs' | 'sm' | 'md' }) {
  const owner = useAtomValue(teamOwnerAtom);
  const inTeam = useInTeam(agent.id);
  const { addAgent } = useTeamActions();
  const { busy, run } = useBusy();
  return (
    <AppButton
      size={size}
      variant={inTeam ? 'outline' : 'primary'}
      loading={busy || owner.status === 'loading'}
      aria-label={inTeam ? strings.inTeamLabel(agent.name) : strings.addLabel(agent.name)}
      onClick={() => run(() => addAgent(agent))}
    >
      {inTeam ? (
        <>
          <span aria-hidden>✓ </span>
          {strings.inTeam}
        </>
      ) : (
        strings.addAgent
      )}
    </AppButton>
  );
}

export function RemoveAgentFromTeamButton({ agent, size = 'xs' }: { agent: { id: string; name: string }; size?: 'xs' | 'sm' | 'md' }) {
  const inTeam = useInTeam(agent.id);
  const { removeAgent } = useTeamActions();
  const { busy, run } = useBusy();
  if (!inTeam) return null;
  return (
    <AppButton size={size} variant="danger" loading={busy} aria-label={strings.removeLabel(agent.name)} onClick={() => run(() => removeAgent(agent.id))}>
      {strings.removeAgent}
    </AppButton>
  );
}

export function EcosystemTeamButton({ ecosystem, size = 'xs' }: { ecosystem: TeamEcosystemInput; size?: 'xs' | 'sm' | 'md' }) {
  const owner = useAtomValue(teamOwnerAtom);
  const inTeam = (useTeamEcosystems().data?.ecosystems ?? []).some((item) => item.ecosystemId === ecosystem.id);
  const { addEcosystem, removeEcosystem } = useTeamActions();
  const { busy, run } = useBusy();
  if (inTeam) {
    return (
      <AppButton
        size={size}
        variant="danger"
        loading={busy}
        aria-label={strings.removeEcosystemLabel(ecosystem.name)}
        onClick={() => run(() => removeEcosystem(ecosystem.id))}
      >
        {strings.removeEcosystem}
      </AppButton>
    );
  }
  return (
    <AppButton
      size={size}
      loading={busy || owner.status === 'loading'}
      aria-label={strings.addEcosystemLabel(ecosystem.name)}
      onClick={() => run(() => addEcosystem(ecosystem))}
    >
      {strings.addEcosystem}
    </AppButton>
  );
}
