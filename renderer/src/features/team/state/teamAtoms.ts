import { atom } from 'jotai';
import type { UserEcosystem } from '../api/teamQueries';

// Client state only: the team itself is server state (api/teamQueries.ts).

/**
 * Whose team this is, set by the app from the auth state (the team feature does not read auth):
 * `loading` while the session is being read, then the signed-in user's id or null for a visitor.
 */
export type TeamOwner = { status: 'loading' } | { status: 'visitor' } | { status: 'user'; userId: string };

export const teamOwnerAtom = atom<TeamOwner>({ status: 'loading' });

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
