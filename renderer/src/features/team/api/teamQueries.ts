import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { api, isApiError, withTimeout, type components } from '../../../shared/api';
import { clearLocalEcosystems, readLocalEcosystems, teamOwnerAtom, writeLocalEcosystems } from '../state/teamAtoms';

/** GET /api/user-agents/{userId} item (spec section 3, User-agent link). */
export type UserAgent = components['schemas']['UserAgentDto'];
/** GET /api/user-ecosystems/{userId} item; `local`: kept on this device only, because the ecosystem API failed (modo local). */
export type UserEcosystem = components['schemas']['UserEcosystemDto'] & { local?: boolean };
/** What the team needs to know about an agent to add it (the marketplace's agent fits). */
export type TeamAgentInput = Pick<components['schemas']['AgentDto'], 'id' | 'name' | 'category' | 'description' | 'avatar'>;
export type TeamEcosystemInput = Pick<components['schemas']['EcosystemDto'], 'id' | 'name' | 'category' | 'description' | 'avatar'>;
/** An agent of GET /api/agents?creator={userId}, as far as the sidebar needs it. */
export type CreatedAgent = Pick<components['schemas']['AgentDto'], 'id' | 'name' | 'category' | 'avatar'>;

/** The ecosystem team, and whether it is this device's copy because the ecosystem API failed (spec section 7, modo local). */
export interface TeamEcosystems {
  ecosystems: UserEcosystem[];
  localMode: boolean;
}

/** Team calls should not hang the sidebar or the office on a stuck server. */
const TEAM_TIMEOUT_MS = 15_000;
/** The server's largest page of agents (and its cap on a list asked for without paging). */
const AGENTS_PAGE_LIMIT = 100;

/**
 * Under each resource's name: a user's team links, and the agents whose creator the user is (so an
 * invalidation of ['agents'] after an agent is saved reaches 'Mis Agentes' too).
 */
export const teamKeys = {
  agents: (userId: string) => ['user-agents', userId] as const,
  ecosystems: (userId: string) => ['user-ecosystems', userId] as const,
  created: (userId: string) => ['agents', 'creator', userId] as const,
};

/**
 * The team is loaded at sign-in and changed only through this app, whose changes update the cache:
 * it is not asked for again on every button that shows it, only when the office opens or after a change.
 */
const TEAM_QUERY = { staleTime: Infinity } as const;

/** How a screen reads the team: as loaded, or afresh when it opens (the office). */
export interface TeamReadOptions {
  fresh?: boolean;
}

function useTeamUserId(): string | null {
  const owner = useAtomValue(teamOwnerAtom);
  return owner.status === 'user' ? owner.userId : null;
}

/** Spec section 7: a 404 on user agents or user ecosystems is an empty team. */
async function emptyOn404<T>(call: Promise<{ data?: T[] }>): Promise<T[]> {
  try {
    return (await call).data ?? [];
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

/**
 * The ecosystem service is down or unreachable (no answer, time-out, 5xx, a non-JSON page): the
 * cases where spec section 7 keeps the change locally. A 4xx is a real answer and is not one.
 */
export function isServiceFailure(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.kind === 'aborted') return false;
  if (error.kind !== 'http') return true;
  return error.status >= 500;
}

/** GET /api/user-agents/{userId}: the agents the user selected for the team. */
export function useTeamAgents({ fresh = false }: TeamReadOptions = {}) {
  const userId = useTeamUserId();
  return useQuery({
    ...TEAM_QUERY,
    queryKey: teamKeys.agents(userId ?? ''),
    queryFn: ({ signal }) =>
      emptyOn404<UserAgent>(api.GET('/api/user-agents/{userId}', { params: { path: { userId: userId! } }, signal: withTimeout(signal, TEAM_TIMEOUT_MS) })),
    enabled: userId !== null,
    refetchOnMount: fresh ? 'always' : true,
  });
}

/** GET /api/user-ecosystems/{userId}; when the ecosystem API fails, this device's copy in modo local. */
export function useTeamEcosystems({ fresh = false }: TeamReadOptions = {}) {
  const userId = useTeamUserId();
  return useQuery({
    ...TEAM_QUERY,
    queryKey: teamKeys.ecosystems(userId ?? ''),
    queryFn: async ({ signal }): Promise<TeamEcosystems> => {
      try {
        const ecosystems = await emptyOn404<UserEcosystem>(
          api.GET('/api/user-ecosystems/{userId}', { params: { path: { userId: userId! } }, signal: withTimeout(signal, TEAM_TIMEOUT_MS) }),
        );
        clearLocalEcosystems(userId!);
        return { ecosystems, localMode: false };
      } catch (error) {
        if (!isServiceFailure(error)) throw error;
        return { ecosystems: readLocalEcosystems(userId!) ?? [], localMode: true };
      }
    },
    enabled: userId !== null,
    refetchOnMount: fresh ? 'always' : true,
  });
}

/** GET /api/agents?creator={userId}: the user's own agents, private ones included, page after page (100 a page). */
export function useCreatedAgents({ fresh = false }: TeamReadOptions = {}) {
  const userId = useTeamUserId();
  return useQuery({
    ...TEAM_QUERY,
    queryKey: teamKeys.created(userId ?? ''),
    queryFn: async ({ signal }): Promise<CreatedAgent[]> => {
      const agents: CreatedAgent[] = [];
      for (let page = 1; ; page += 1) {
        const { data } = await api.GET('/api/agents', {
          params: { query: { creator: userId!, page, limit: AGENTS_PAGE_LIMIT } },
          signal: withTimeout(signal, TEAM_TIMEOUT_MS),
        });
        // Asked with page and limit, the answer is a page; a plain list would be all there is.
        const answer = Array.isArray(data) ? { items: data, total: data.length, totalIsExact: true } : data!;
        agents.push(...answer.items.map(({ id, name, category, avatar }) => ({ id, name, category, avatar })));
        const reachedTotal = answer.totalIsExact !== false && agents.length >= answer.total;
        if (answer.items.length < AGENTS_PAGE_LIMIT || reachedTotal) return agents;
      }
    },
    enabled: userId !== null,
    refetchOnMount: fresh ? 'always' : true,
  });
}

/** Loads the whole team again (after an agent is saved or deleted elsewhere, or a retry). */
export function useReloadTeam() {
  const queryClient = useQueryClient();
  const userId = useTeamUserId();
  return useCallback(async () => {
    if (!userId) return;
    await Promise.all(
      [teamKeys.agents(userId), teamKeys.ecosystems(userId), teamKeys.created(userId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  }, [queryClient, userId]);
}

/**
 * The agents' team after a change: shown at once, then the server's asked for again (not waited
 * for: the change's toast says what happened as soon as the server answered it).
 */
export function showTeamAgents(queryClient: QueryClient, userId: string, change: (team: UserAgent[]) => UserAgent[]): void {
  queryClient.setQueryData<UserAgent[]>(teamKeys.agents(userId), (team = []) => change(team));
  void queryClient.invalidateQueries({ queryKey: teamKeys.agents(userId) });
}

/** The agent put in the team, or replacing its entry. */
export const withTeamAgent = (agent: UserAgent) => (team: UserAgent[]) => [...team.filter((item) => item.agentId !== agent.agentId), agent];

/**
 * The ecosystem team after a change: the server's answer, asked for again; in modo local the change
 * is also written to this device's copy, which stays what is shown until the team is loaded again.
 */
export function showTeamEcosystems(queryClient: QueryClient, userId: string, change: (ecosystems: UserEcosystem[]) => UserEcosystem[]): void {
  const current = queryClient.getQueryData<TeamEcosystems>(teamKeys.ecosystems(userId)) ?? { ecosystems: [], localMode: false };
  const ecosystems = change(current.ecosystems);
  queryClient.setQueryData<TeamEcosystems>(teamKeys.ecosystems(userId), { ...current, ecosystems });
  if (current.localMode) writeLocalEcosystems(userId, ecosystems);
  else void queryClient.invalidateQueries({ queryKey: teamKeys.ecosystems(userId) });
}

/** The ecosystem API failed: the change is kept on this device (spec section 7, modo local). */
export function keepEcosystemsLocally(queryClient: QueryClient, userId: string, ecosystems: UserEcosystem[]): void {
  queryClient.setQueryData<TeamEcosystems>(teamKeys.ecosystems(userId), { ecosystems, localMode: true });
  writeLocalEcosystems(userId, ecosystems);
}

/** POST /api/user-agents/{userId}; the saved link joins the team. */
export function useAddTeamAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, agent }: { userId: string; agent: TeamAgentInput }): Promise<UserAgent> =>
      (
        await api.POST('/api/user-agents/{userId}', {
          params: { path: { userId } },
          body: {
            agentId: agent.id,
            name: agent.name,
            category: agent.category,
            description: agent.description,
            ...(agent.avatar ? { avatar: agent.avatar } : {}),
          },
          signal: AbortSignal.timeout(TEAM_TIMEOUT_MS),
        })
      ).data!,
    onSuccess: (saved, { userId }) => showTeamAgents(queryClient, userId, withTeamAgent(saved)),
  });
}

/** DELETE /api/user-agents/{userId}/{agentId}; one already gone (404) is removed all the same. */
export function useRemoveTeamAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, agentId }: { userId: string; agentId: string }): Promise<void> => {
      try {
        await api.DELETE('/api/user-agents/{userId}/{agentId}', { params: { path: { userId, agentId } }, signal: AbortSignal.timeout(TEAM_TIMEOUT_MS) });
      } catch (error) {
        // Already gone on the server: the goal is reached.
        if (!(isApiError(error) && error.status === 404)) throw error;
      }
    },
    onSuccess: (_, { userId, agentId }) => showTeamAgents(queryClient, userId, (team) => team.filter((item) => item.agentId !== agentId)),
  });
}

/** POST /api/user-ecosystems/{userId}; the saved link joins the ecosystem team. */
export function useAddTeamEcosystem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, ecosystemId }: { userId: string; ecosystemId: string }): Promise<UserEcosystem> =>
      (
        await api.POST('/api/user-ecosystems/{userId}', {
          params: { path: { userId } },
          body: { ecosystemId },
          signal: AbortSignal.timeout(TEAM_TIMEOUT_MS),
        })
      ).data!,
    onSuccess: (saved, { userId, ecosystemId }) =>
      showTeamEcosystems(queryClient, userId, (ecosystems) => [...ecosystems.filter((item) => item.ecosystemId !== ecosystemId), saved]),
  });
}

/** DELETE /api/user-ecosystems/{userId}/{ecosystemId}; one already gone (404) is removed all the same. */
export function useRemoveTeamEcosystem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, ecosystemId }: { userId: string; ecosystemId: string }): Promise<void> => {
      try {
        await api.DELETE('/api/user-ecosystems/{userId}/{ecosystemId}', {
          params: { path: { userId, ecosystemId } },
          signal: AbortSignal.timeout(TEAM_TIMEOUT_MS),
        });
      } catch (error) {
        if (!(isApiError(error) && error.status === 404)) throw error;
      }
    },
    onSuccess: (_, { userId, ecosystemId }) =>
      showTeamEcosystems(queryClient, userId, (ecosystems) => ecosystems.filter((item) => item.ecosystemId !== ecosystemId)),
  });
}

/** The fields of an ecosystem its owner edits from 'Mi Oficina' (PUT /api/ecosystems/{id}). */
export type EcosystemChanges = components['schemas']['UpdateEcosystemDto'];

/** Saves an ecosystem's changes; every list and page that shows ecosystems reads them again. */
export function useUpdateEcosystem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: EcosystemChanges }) =>
      (await api.PUT('/api/ecosystems/{id}', { params: { path: { id } }, body: changes, signal: AbortSignal.timeout(TEAM_TIMEOUT_MS) })).data!,
    onSuccess: (saved) => {
      queryClient.setQueryData(['ecosystems', saved.id], saved);
      void queryClient.invalidateQueries({ queryKey: ['ecosystems'] });
      void queryClient.invalidateQueries({ queryKey: ['user-ecosystems'] });
    },
  });
}

/** What 'Crear ecosistema' sends (POST /api/ecosystems). */
export type NewEcosystem = Pick<components['schemas']['CreateEcosystemDto'], 'name' | 'description' | 'agentIds' | 'price' | 'discount' | 'isPublic'>;

/**
 * 'Crear ecosistema' in 'Mi Oficina': creates it (POST /api/ecosystems), then puts it in the
 * creator's team (POST /api/user-ecosystems/{userId}) so that the office lists it at once.
 */
export function useCreateEcosystem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, ecosystem }: { userId: string; ecosystem: NewEcosystem }) => {
      const created = (await api.POST('/api/ecosystems', { body: ecosystem, signal: AbortSignal.timeout(TEAM_TIMEOUT_MS) })).data!;
      await api.POST('/api/user-ecosystems/{userId}', {
        params: { path: { userId } },
        body: { ecosystemId: created.id },
        signal: AbortSignal.timeout(TEAM_TIMEOUT_MS),
      });
      return created;
    },
    onSuccess: (created) => {
      queryClient.setQueryData(['ecosystems', created.id], created);
      void queryClient.invalidateQueries({ queryKey: ['ecosystems'] });
      void queryClient.invalidateQueries({ queryKey: ['user-ecosystems'] });
    },
  });
}
