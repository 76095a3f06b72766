import { atom, type Getter, type Setter } from 'jotai';
import { isApiError } from '../../../shared/api';
import { publicationsApi } from '../api/publicationsApi';
import type { ApiKey, CreatedApiKey, CreatePublicationResult, NewApiKey, Publication, PublicationChanges } from '../types';
import { PUBLICATION_ERRORS, type PublicationErrorKind } from './publicationErrors';

/**
 * The publication fields of the agent state slice (spec section 3): the publications of each agent,
 * the keys of each publication (never a secret: a secret is handed back once by the action that
 * created it and kept by no atom), a loading flag and the error text. Every action below follows
 * spec section 4: pending sets loading and clears the error; rejected stores the spec's message.
 */
export const agentPublicationsAtom = atom<Record<string, Publication[]>>({});
export const apiKeysByPublicationAtom = atom<Record<string, ApiKey[]>>({});
export const publicationErrorAtom = atom<string | null>(null);
/** The server's own (Spanish) explanation of the last failure, shown under the error, if it sent one. */
export const publicationErrorDetailAtom = atom<string | null>(null);

// Several actions may run at once (the keys load while a key is created): loading lasts until the last ends.
const pendingCountAtom = atom(0);
export const publicationLoadingAtom = atom((get) => get(pendingCountAtom) > 0);

export interface PublicationSlice {
  agentPublications: Record<string, Publication[]>;
  apiKeysByPublication: Record<string, ApiKey[]>;
  publicationLoading: boolean;
  publicationError: string | null;
}

export const publicationSliceAtom = atom(
  (get): PublicationSlice => ({
    agentPublications: get(agentPublicationsAtom),
    apiKeysByPublication: get(apiKeysByPublicationAtom),
    publicationLoading: get(publicationLoadingAtom),
    publicationError: get(publicationErrorAtom),
  }),
);

export const clearPublicationErrorAtom = atom(null, (_get, set) => {
  set(publicationErrorAtom, null);
  set(publicationErrorDetailAtom, null);
});

export type ActionResult<T> = { ok: true; value: T } | { ok: false };

async function track<T>(set: Setter, error: PublicationErrorKind, work: () => Promise<T>): Promise<ActionResult<T>> {
  set(pendingCountAtom, (count) => count + 1);
  set(publicationErrorAtom, null);
  set(publicationErrorDetailAtom, null);
  try {
    return { ok: true, value: await work() };
  } catch (cause) {
    set(publicationErrorAtom, PUBLICATION_ERRORS[error]);
    set(publicationErrorDetailAtom, isApiError(cause) && cause.kind === 'http' ? cause.message : null);
    return { ok: false };
  } finally {
    set(pendingCountAtom, (count) => Math.max(0, count - 1));
  }
}

/** The key as it may be kept: without its secret. */
export function withoutSecret(key: CreatedApiKey): ApiKey {
  return {
    keyId: key.keyId,
    name: key.name,
    prefix: key.prefix,
    rateLimitPerMinute: key.rateLimitPerMinute ?? null,
    monthlyRequestQuota: key.monthlyRequestQuota ?? null,
    monthlyTokenQuota: key.monthlyTokenQuota ?? null,
    createdAt: key.createdAt ?? new Date().toISOString(),
    lastUsedAt: key.lastUsedAt ?? null,
    expiresAt: key.expiresAt ?? null,
  };
}

function setAgentPublications(get: Getter, set: Setter, agentId: string, update: (current: Publication[]) => Publication[]) {
  const all = get(agentPublicationsAtom);
  set(agentPublicationsAtom, { ...all, [agentId]: update(all[agentId] ?? []) });
}

function setKeys(get: Getter, set: Setter, publicationId: string, update: (current: ApiKey[]) => ApiKey[] | undefined) {
  const { [publicationId]: current = [], ...others } = get(apiKeysByPublicationAtom);
  const next = update(current);
  set(apiKeysByPublicationAtom, next ? { ...others, [publicationId]: next } : others);
}

/** GET /publications, kept under each agent it belongs to. */
export const fetchAgentPublicationsAtom = atom(null, (get, set, agentId: string) =>
  track(set, 'fetchPublications', async () => {
    const all = await publicationsApi.list();
    const mine = (Array.isArray(all) ? all : []).filter((publication) => publication.agentId === agentId);
    setAgentPublications(get, set, agentId, () => mine);
    return mine;
  }),
);

/** Publishes the agent; the answer carries the default key with its secret, handed back and not kept. */
export const createPublicationAtom = atom(null, (get, set, agentId: string) =>
  track(set, 'createPublication', async (): Promise<CreatePublicationResult> => {
    const result = await publicationsApi.publish(agentId);
    setAgentPublications(get, set, agentId, (current) => [result.publication, ...current.filter((item) => item.id !== result.publication.id)]);
    setKeys(get, set, result.publication.id, (current) => [withoutSecret(result.key), ...current.filter((key) => key.keyId !== result.key.keyId)]);
    return result;
  }),
);

export const deletePublicationAtom = atom(null, (get, set, { agentId, publicationId }: { agentId: string; publicationId: string }) =>
  track(set, 'deletePublication', async () => {
    await publicationsApi.remove(publicationId);
    setAgentPublications(get, set, agentId, (current) => current.filter((publication) => publication.id !== publicationId));
    setKeys(get, set, publicationId, () => undefined);
  }),
);

/**
 * PUT /publication/{id}. The spec's error catalogue has no text for it, so a failure is thrown to
 * the caller (shown beside the control) and leaves the slice's error alone.
 */
export const updatePublicationAtom = atom(
  null,
  async (get, set, { publicationId, changes }: { publicationId: string; changes: PublicationChanges }): Promise<Publication> => {
    const updated = await publicationsApi.update(publicationId, changes);
    setAgentPublications(get, set, updated.agentId, (current) => current.map((item) => (item.id === updated.id ? updated : item)));
    return updated;
  },
);

export const fetchApiKeysAtom = atom(null, (get, set, publicationId: string) =>
  track(set, 'fetchKeys', async () => {
    const keys = await publicationsApi.keys(publicationId);
    // Whatever the server sends, a secret never reaches the state.
    const listed = (Array.isArray(keys) ? keys : []).map((key) => withoutSecret({ ...key, secret: '' }));
    setKeys(get, set, publicationId, () => listed);
    return listed;
  }),
);

/** Creates a key; the result (with its secret) is for the one modal that shows it. */
export const createApiKeyAtom = atom(null, (get, set, { publicationId, key }: { publicationId: string; key: NewApiKey }) =>
  track(set, 'createKey', async (): Promise<CreatedApiKey> => {
    const created = await publicationsApi.createKey(publicationId, key);
    setKeys(get, set, publicationId, (current) => [...current.filter((item) => item.keyId !== created.keyId), withoutSecret(created)]);
    return created;
  }),
);

export const deleteApiKeyAtom = atom(null, (get, set, { publicationId, keyId }: { publicationId: string; keyId: string }) =>
  track(set, 'deleteKey', async () => {
    await publicationsApi.revokeKey(publicationId, keyId);
    setKeys(get, set, publicationId, (current) => current.filter((key) => key.keyId !== keyId));
  }),
);
