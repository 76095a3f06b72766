import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect } from 'react';
import { isApiError } from '../../../shared/api';
import { useToast } from '../../../shared/ui/toast';
import { isServiceFailure, teamApi } from '../api/teamApi';
import {
  clearLocalEcosystems,
  createdAgentsAtom,
  localModeAtom,
  readLocalEcosystems,
  resetTeamAtom,
  teamAgentsAtom,
  teamEcosystemsAtom,
  teamOwnerAtom,
  teamReloadAtom,
  teamStatusAtom,
  type TeamOwner,
} from '../state/teamAtoms';
import { teamStrings } from '../strings';

const aborted = (error: unknown) => isApiError(error) && error.kind === 'aborted';

/**
 * Called once by the app's layout with the signed-in user (or none): keeps the team atoms loaded
 * for that user, and empties them on sign-out.
 */
export function useTeamSync(owner: TeamOwner): void {
  const store = useStore();
  const setOwner = useSetAtom(teamOwnerAtom);
  const reset = useSetAtom(resetTeamAtom);
  const reload = useAtomValue(teamReloadAtom);
  const toast = useToast();
  const userId = owner.status === 'user' ? owner.userId : null;

  useEffect(() => {
    setOwner(owner);
    // Keyed on the status and id only: a new object for the same user must not reload.
  }, [owner.status, userId, setOwner]);

  useEffect(() => {
    if (!userId) {
      reset();
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;
    store.set(teamStatusAtom, 'loading');

    const agents = teamApi.listAgents(userId, signal).then((list) => {
      if (!signal.aborted) store.set(teamAgentsAtom, list);
    });
    const created = teamApi.listCreatedAgents(userId, signal).then(
      (list) => {
        if (!signal.aborted) store.set(createdAgentsAtom, list);
      },
      (error: unknown) => {
        // The sidebar can live without the user's own agents; the team is what matters.
        if (!aborted(error)) console.warn('[team] could not load the agents the user created', error);
      },
    );
    const ecosystems = teamApi.listEcosystems(userId, signal).then(
      (list) => {
        if (signal.aborted) return;
        clearLocalEcosystems(userId);
        store.set(teamEcosystemsAtom, list);
        store.set(localModeAtom, false);
      },
      (error: unknown) => {
        if (signal.aborted) return;
        if (!isServiceFailure(error)) throw error;
        // Spec section 7: the ecosystem API failing leaves the team on this device's copy.
        store.set(teamEcosystemsAtom, readLocalEcosystems(userId) ?? []);
        store.set(localModeAtom, true);
      },
    );

    Promise.all([agents, created, ecosystems]).then(
      () => {
        if (!signal.aborted) store.set(teamStatusAtom, 'ready');
      },
      (error: unknown) => {
        if (signal.aborted || aborted(error)) return;
        store.set(teamStatusAtom, 'error');
        toast.error(teamStrings.toasts.loadUserError);
      },
    );
    return () => controller.abort();
  }, [userId, reload, store, reset, toast]);
}
