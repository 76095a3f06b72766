import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useMemo } from 'react';
import { isApiError } from '../../../shared/api';
import { useToast } from '../../../shared/ui';
import { isServiceFailure, teamApi } from '../api/teamApi';
import {
  createdAgentsAtom,
  localModeAtom,
  teamAgentsAtom,
  teamEcosystemsAtom,
  teamOwnerAtom,
  teamReloadAtom,
  teamStatusAtom,
  writeLocalEcosystems,
} from '../state/teamAtoms';
import { teamStrings } from '../strings';
import type { TeamAgentInput, TeamEcosystemInput, UserAgent, UserEcosystem } from '../types';

const strings = teamStrings.toasts;

export function useTeam() {
  const owner = useAtomValue(teamOwnerAtom);
  const agents = useAtomValue(teamAgentsAtom);
  const ecosystems = useAtomValue(teamEcosystemsAtom);
  const createdAgents = useAtomValue(createdAgentsAtom);
  const status = useAtomValue(teamStatusAtom);
  const localMode = useAtomValue(localModeAtom);
  const bumpReload = useSetAtom(teamReloadAtom);
  const reload = useCallback(() => bumpReload((value) => value + 1), [bumpReload]);
  return { owner, agents, ecosystems, createdAgents, status, localMode, reload };
}

/** The outcome of an action, for callers that want to react beyond the toast. */
export type TeamActionResult = 'added' | 'removed' | 'duplicate' | 'sign-in' | 'local' | 'failed';

/**
 * Adding and removing agents and ecosystems, with spec section 8's toasts. Visitors are asked to
 * sign in; duplicates are refused before and after the server's check.
 */
export function useTeamActions() {
  const store = useStore();
  const toast = useToast();

  const ownerId = useCallback((): string | null => {
    const owner = store.get(teamOwnerAtom);
    return owner.status === 'user' ? owner.userId : null;
  }, [store]);

  const addAgent = useCallback(
    async (agent: TeamAgentInput): Promise<TeamActionResult> => {
      const userId = ownerId();
      if (!userId) {
        toast.error(strings.signInAgents);
        return 'sign-in';
      }
      if (store.get(teamAgentsAtom).some((item) => item.agentId === agent.id)) {
        toast.warning(strings.duplicateAgent);
        return 'duplicate';
      }
      const optimistic: UserAgent = {
        agentId: agent.id,
        name: agent.name,
        category: agent.category,
        description: agent.description,
        avatar: agent.avatar,
        addedAt: new Date().toISOString(),
      };
      try {
        const saved = await teamApi.addAgent(userId, agent);
        upsertAgent(saved ?? optimistic);
        toast.success(strings.agentAdded);
        return 'added';
      } catch (error) {
        if (isApiError(error) && error.status === 409) {
          // Added elsewhere (another tab): the server has it, so show it in the team too.
          upsertAgent(optimistic);
          toast.warning(strings.duplicateAgent);
          return 'duplicate';
        }
        if (isApiError(error) && error.status === 401) toast.error(strings.signInAgents);
        else if (isApiError(error) && error.status === 404) toast.error(strings.agentNotFound);
        else toast.error(strings.addAgentError);
        return 'failed';
      }

      function upsertAgent(item: UserAgent) {
        const current = store.get(teamAgentsAtom).filter((existing) => existing.agentId !== item.agentId);
        store.set(teamAgentsAtom, [...current, item]);
      }
    },
    [ownerId, store, toast],
  );

  const removeAgent = useCallback(
    async (agentId: string): Promise<TeamActionResult> => {
      const userId = ownerId();
      if (!userId) {
        toast.error(strings.signInAgents);
        return 'sign-in';
      }
      try {
        await teamApi.removeAgent(userId, agentId);
      } catch (error) {
        // Already gone on the server: the goal is reached.
        if (!(isApiError(error) && error.status === 404)) {
          toast.error(isApiError(error) && error.status === 401 ? strings.signInAgents : strings.removeAgentError);
          return 'failed';
        }
      }
      store.set(
        teamAgentsAtom,
        store.get(teamAgentsAtom).filter((item) => item.agentId !== agentId),
      );
      toast.success(strings.agentRemoved);
      return 'removed';
    },
    [ownerId, store, toast],
  );

  const keepEcosystemsLocally = useCallback(
    (userId: string, next: UserEcosystem[]) => {
      store.set(teamEcosystemsAtom, next);
      store.set(localModeAtom, true);
      writeLocalEcosystems(userId, next);
      toast.warning(strings.localMode);
    },
    [store, toast],
  );

  const addEcosystem = useCallback(
    async (ecosystem: TeamEcosystemInput): Promise<TeamActionResult> => {
      const userId = ownerId();
      if (!userId) {
        toast.error(strings.signInEcosystems);
        return 'sign-in';
      }
      const current = store.get(teamEcosystemsAtom);
      if (current.some((item) => item.ecosystemId === ecosystem.id)) {
        toast.warning(strings.duplicateEcosystem);
        return 'duplicate';
      }
      const entry: UserEcosystem = {
        userId,
        ecosystemId: ecosystem.id,
        name: ecosystem.name,
        category: ecosystem.category,
        description: ecosystem.description,
        avatar: ecosystem.avatar,
        addedAt: new Date().toISOString(),
      };
      try {
        const saved = await teamApi.addEcosystem(userId, ecosystem.id);
        const next = [...store.get(teamEcosystemsAtom).filter((item) => item.ecosystemId !== ecosystem.id), saved ?? entry];
        store.set(teamEcosystemsAtom, next);
        if (store.get(localModeAtom)) writeLocalEcosystems(userId, next);
        toast.success(strings.ecosystemAdded);
        return 'added';
      } catch (error) {
        if (isApiError(error) && error.status === 409) {
          store.set(teamEcosystemsAtom, [...store.get(teamEcosystemsAtom), entry]);
          toast.warning(strings.duplicateEcosystem);
          return 'duplicate';
        }
        if (isServiceFailure(error)) {
          keepEcosystemsLocally(userId, [...store.get(teamEcosystemsAtom), { ...entry, local: true }]);
          return 'local';
        }
        toast.error(isApiError(error) && error.status === 401 ? strings.signInEcosystems : strings.addEcosystemError);
        return 'failed';
      }
    },
    [ownerId, store, toast, keepEcosystemsLocally],
  );

  const removeEcosystem = useCallback(
    async (ecosystemId: string): Promise<TeamActionResult> => {
      const userId = ownerId();
      if (!userId) {
        toast.error(strings.signInEcosystems);
        return 'sign-in';
      }
      const without = () => store.get(teamEcosystemsAtom).filter((item) => item.ecosystemId !== ecosystemId);
      const onlyLocal = store.get(teamEcosystemsAtom).find((item) => item.ecosystemId === ecosystemId)?.local;
      if (!onlyLocal) {
        try {
          await teamApi.removeEcosystem(userId, ecosystemId);
        } catch (error) {
          if (isServiceFailure(error)) {
            keepEcosystemsLocally(userId, without());
            return 'local';
          }
          if (!(isApiError(error) && error.status === 404)) {
            toast.error(isApiError(error) && error.status === 401 ? strings.signInEcosystems : strings.removeEcosystemError);
            return 'failed';
          }
        }
      }
      const next = without();
      store.set(teamEcosystemsAtom, next);
      if (store.get(localModeAtom)) writeLocalEcosystems(userId, next);
      toast.success(strings.ecosystemRemoved);
      return 'removed';
    },
    [ownerId, store, toast, keepEcosystemsLocally],
  );

  return useMemo(
    () => ({ addAgent, removeAgent, addEcosystem, removeEcosystem }),
    [addAgent, removeAgent, addEcosystem, removeEcosystem],
  );
}
