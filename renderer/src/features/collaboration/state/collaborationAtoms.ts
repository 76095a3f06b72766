import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';

/**
 * One question of a collaboration chat in this visit: its session and, after 'Repetir', the replay
 * beside it (the sessions themselves are server state, in the query cache).
 */
export interface CollaborationTurn {
  query: string;
  sessionId: string;
  replayId?: string;
}

/** The turns run in this visit, per conversation ('new' before the conversation exists). */
export const turnsAtom = atom<Record<string, CollaborationTurn[]>>({});

/** Spec section 3, local keys: the current agent team (the agents picked for a flow chat). */
export const CURRENT_TEAM_KEY = 'current-agent-team';
export const currentTeamAtom = atomWithStorage<string[]>(CURRENT_TEAM_KEY, [], undefined, { getOnInit: true });
