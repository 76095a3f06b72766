import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useToast } from '../../../shared/ui/toast';
import { useCreatedAgents, useTeamAgents, useTeamEcosystems } from '../api/teamQueries';
import { teamOwnerAtom, type TeamOwner } from '../state/teamAtoms';
import { teamStrings } from '../strings';

/**
 * Called once by the app's layout with the signed-in user (or none): says whose team it is, keeps
 * the team loaded for the sidebar from sign-in on, and says so when a load fails. A visitor has none.
 */
export function useTeamSync(owner: TeamOwner): void {
  const setOwner = useSetAtom(teamOwnerAtom);
  const toast = useToast();
  const userId = owner.status === 'user' ? owner.userId : null;

  useEffect(() => {
    setOwner(owner);
    // Keyed on the status and id only: a new object for the same user must not reload.
  }, [owner.status, userId, setOwner]);

  const loads = [useTeamAgents(), useTeamEcosystems(), useCreatedAgents()];
  // When the last of the failed loads failed: each failure is said once (the office offers 'Reintentar').
  const failedAt = Math.max(0, ...loads.filter((load) => load.isError).map((load) => load.errorUpdatedAt));
  useEffect(() => {
    if (failedAt > 0) toast.error(teamStrings.toasts.loadUserError);
  }, [failedAt, toast]);
}
