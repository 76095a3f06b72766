import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useCallback, useMemo } from 'react';
import { isApiError } from '../../../shared/api';
import { useToast } from '../../../shared/ui';
import {
  isServiceFailure,
  keepEcosystemsLocally,
  showTeamAgents,
  showTeamEcosystems,
  teamKeys,
  useAddTeamAgent,
  useAddTeamEcosystem,
  useCreatedAgents,
  useReloadTeam,
  useRemoveTeamAgent,
  useRemoveTeamEcosystem,
  useTeamAgents,
  useTeamEcosystems,
  withTeamAgent,
  type TeamAgentInput,
  type TeamEcosystemInput,
  type TeamEcosystems,
  type UserAgent,
  type UserEcosystem,
} from '../api/teamQueries';
import { teamOwnerAtom } from '../state/teamAtoms';
import { teamStrings } from '../strings';

const strings = teamStrings.toasts;

export type TeamLoadStatus = 'loading' | 'ready' | 'error';

/**
 * The office's view of the team, loaded afresh when it opens: its agents and ecosystems, whether
 * the ecosystems are this device's copy, and one status for the three loads ('loading' while any
 * is under way, so that a retry hides the error until it fails again).
 */
export function useTeam() {
  const agents = useTeamAgents({ fresh: true });
  const ecosystems = useTeamEcosystems({ fresh: true });
  const created = useCreatedAgents({ fresh: true });
  const reload = useReloadTeam();
  const loads = [agents, ecosystems, created];
  const status: TeamLoadStatus = loads.some((load) => load.isFetching) ? 'loading' : loads.some((load) => load.isError) ? 'error' : 'ready';
  return {
    agents: agents.data ?? [],
    ecosystems: ecosystems.data?.ecosystems ?? [],
    localMode: ecosystems.data?.localMode ?? false,
    status,
    reload,
  };
}

/** The outcome of an action, for callers that want to react beyond the toast. */
export type TeamActionResult = 'added' | 'removed' | 'duplicate' | 'sign-in' | 'local' | 'failed';

/**
 * Adding and removing agents and ecosystems, with spec section 8's toasts. Visitors are asked to
 * sign in; duplicates are refused before and after the server's check.
 */
export function useTeamActions() {
  const store = useStore();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { mutateAsync: postAgent } = useAddTeamAgent();
  const { mutateAsync: deleteAgent } = useRemoveTeamAgent();
  const { mutateAsync: postEcosystem } = useAddTeamEcosystem();
  const { mutateAsync: deleteEcosystem } = useRemoveTeamEcosystem();

  const ownerId = useCallback((): string | null => {
    const owner = store.get(teamOwnerAtom);
    return owner.status === 'user' ? owner.userId : null;
  }, [store]);

  const teamAgents = useCallback(
    (userId: string) => queryClient.getQueryData<UserAgent[]>(teamKeys.agents(userId)) ?? [],
    [queryClient],
  );
  const teamEcosystems = useCallback(
    (userId: string) => queryClient.getQueryData<TeamEcosystems>(teamKeys.ecosystems(userId))?.ecosystems ?? [],
    [queryClient],
  );

  const addAgent = useCallback(
    async (agent: TeamAgentInput): Promise<TeamActionResult> => {
      const userId = ownerId();
      if (!userId) {
        toast.error(strings.signInAgents);
        return 'sign-in';
      }
      if (teamAgents(userId).some((item) => item.agentId === agent.id)) {
        toast.warning(strings.duplicateAgent);
        return 'duplicate';
      }
      try {
        await postAgent({ userId, agent });
        toast.success(strings.agentAdded);
        return 'added';
      } catch (error) {
        if (isApiError(error) && error.status === 409) {
          // Added elsewhere (another tab): the server has it, so show it in the team too.
          const link: UserAgent = {
            agentId: agent.id,
            name: agent.name,
            category: agent.category,
            description: agent.description,
            avatar: agent.avatar,
            addedAt: new Date().toISOString(),
          };
          showTeamAgents(queryClient, userId, withTeamAgent(link));
          toast.warning(strings.duplicateAgent);
          return 'duplicate';
        }
        if (isApiError(error) && error.status === 401) toast.error(strings.signInAgents);
        else if (isApiError(error) && error.status === 404) toast.error(strings.agentNotFound);
        else toast.error(strings.addAgentError);
        return 'failed';
      }
    },
    [ownerId, teamAgents, postAgent, queryClient, toast],
  );

  const removeAgent = useCallback(
    async (agentId: string): Promise<TeamActionResult> => {
      const userId = ownerId();
      if (!userId) {
        toast.error(strings.signInAgents);
        return 'sign-in';
      }
      try {
        await deleteAgent({ userId, agentId });
      } catch (error) {
        toast.error(isApiError(error) && error.status === 401 ? strings.signInAgents : strings.removeAgentError);
        return 'failed';
      }
      toast.success(strings.agentRemoved);
      return 'removed';
    },
    [ownerId, deleteAgent, toast],
  );

  const keepLocally = useCallback(
    (userId: string, ecosystems: UserEcosystem[]) => {
      keepEcosystemsLocally(queryClient, userId, ecosystems);
      toast.warning(strings.localMode);
    },
    [queryClient, toast],
  );

  const addEcosystem = useCallback(
    async (ecosystem: TeamEcosystemInput): Promise<TeamActionResult> => {
      const userId = ownerId();
      if (!userId) {
        toast.error(strings.signInEcosystems);
        return 'sign-in';
      }
      if (teamEcosystems(userId).some((item) => item.ecosystemId === ecosystem.id)) {
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
        await postEcosystem({ userId, ecosystemId: ecosystem.id });
        toast.success(strings.ecosystemAdded);
        return 'added';
      } catch (error) {
        if (isApiError(error) && error.status === 409) {
          showTeamEcosystems(queryClient, userId, (ecosystems) => [...ecosystems, entry]);
          toast.warning(strings.duplicateEcosystem);
          return 'duplicate';
        }
        if (isServiceFailure(error)) {
          keepLocally(userId, [...teamEcosystems(userId), { ...entry, local: true }]);
          return 'local';
        }
        toast.error(isApiError(error) && error.status === 401 ? strings.signInEcosystems : strings.addEcosystemError);
        return 'failed';
      }
    },
    [ownerId, teamEcosystems, postEcosystem, queryClient, keepLocally, toast],
  );

  const removeEcosystem = useCallback(
    async (ecosystemId: string): Promise<TeamActionResult> => {
      const userId = ownerId();
      if (!userId) {
        toast.error(strings.signInEcosystems);
        return 'sign-in';
      }
      const without = (ecosystems: UserEcosystem[]) => ecosystems.filter((item) => item.ecosystemId !== ecosystemId);
      const onlyLocal = teamEcosystems(userId).find((item) => item.ecosystemId === ecosystemId)?.local;
      if (onlyLocal) {
        showTeamEcosystems(queryClient, userId, without);
      } else {
        try {
          await deleteEcosystem({ userId, ecosystemId });
        } catch (error) {
          if (isServiceFailure(error)) {
            keepLocally(userId, without(teamEcosystems(userId)));
            return 'local';
          }
          toast.error(isApiError(error) && error.status === 401 ? strings.signInEcosystems : strings.removeEcosystemError);
          return 'failed';
        }
      }
      toast.success(strings.ecosystemRemoved);
      return 'removed';
    },
    [ownerId, teamEcosystems, deleteEcosystem, queryClient, keepLocally, toast],
  );

  return useMemo(
    () => ({ addAgent, removeAgent, addEcosystem, removeEcosystem }),
    [addAgent, removeAgent, addEcosystem, removeEcosystem],
  );
}
