import { atom } from 'jotai';
import type { CreatedAgent, UserAgent, UserEcosystem } from '../types';

/**
 * Whose team this is, set by the app from the auth state (the team feature does not read auth):
 * `loading` while the session is being read, then the signed-in user's id or null for a visitor.
 */
export type TeamOwner = { status: 'loading' } | { status: 'visitor' } | { status: 'user'; userId: string };

export const teamOwnerAtom = atom<TeamOwner>({ status: 'loading' });

export type TeamLoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export const teamAgentsAtom = atom<UserAgent[]>([]);
export const teamEcosystemsAtom = atom<UserEcosystem[]>([]);
export const createdAgentsAtom = atom<CreatedAgent[]>([]);
export const teamStatusAtom = atom<TeamLoadStatus>('idle');
/** The ecosystem API failed and the ecosystem team shown is this device's copy (modo local). */
export const localModeAtom = atom(false);
/** Bumped to reload the team (after a retry, or when the office opens). */
export const teamReloadAtom = atom(0);

/** The sidebar's Marketplace badge: how many agents the user has selected for the team. */
export const selectedAgentCountAtom = atom((get) => get(teamAgentsAtom).length);

export const resetTeamAtom = atom(null, (_get, set) => {
  set(teamAgentsAtom, []);
  set(teamEcosystemsAtom, []);
  set(createdAgentsAtom, []);
  set(teamStatusAtom, 'idle');
  set(localModeAtom, false);
});

/** The local copy of the ecosystem team, per user, for modo local. */
export const LOCAL_ECOSYSTEMS_KEY_PREFIX = 'user-ecosystems-local:';

export function readLocalEcosystems(userId: string): UserEcosystem[] | null {
  try {
    const raw = localStorage.getItem(LOCAL_ECOSYSTEMS_KEY_PREFIX + userId);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? (parsed as UserEcosystem[]) : null;
  } catch {
    return null;
  }
}

export function writeLocalEcosystems(userId: string, ecosystems: UserEcosystem[]): void {
  try {
    localStorage.setItem(LOCAL_ECOSYSTEMS_KEY_PREFIX + userId, JSON.stringify(ecosystems));
  } catch {
    // Storage unavailable: the change still shows for this visit.
  }
}

export function clearLocalEcosystems(userId: string): void {
  try {
    localStorage.removeItem(LOCAL_ECOSYSTEMS_KEY_PREFIX + userId);
  } catch {
    // Nothing to clear.
  }
}
