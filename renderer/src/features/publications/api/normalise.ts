import type { ApiKey, CreatedApiKey, CreatePublicationResult, Publication } from '../types';

type Raw = Record<string, unknown>;

const isRecord = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A publication as the server sends it: the spec names its id `apiId` (section 3) and may list its
 * `apiKeys`; older answers call it `id`. The screen uses `id`.
 */
export function toPublication(raw: unknown): Publication {
  const source = isRecord(raw) ? raw : {};
  const { apiId, apiKeys: _keys, apiKey: _key, ...rest } = source;
  const id = String(source.id ?? apiId ?? '');
  return { ...(rest as unknown as Publication), id, apiId: id };
}

/** The keys the publication came with, if the server listed them (never with secrets). */
export function keysOf(raw: unknown): ApiKey[] | null {
  return isRecord(raw) && Array.isArray(raw.apiKeys) ? (raw.apiKeys as ApiKey[]) : null;
}

/**
 * POST /agent/{id}/publication answers the publication with its default key beside it, either as
 * `{ ...publication, apiKey }` or as `{ publication, key }`.
 */
export function toCreatedPublication(raw: unknown): CreatePublicationResult {
  const source = isRecord(raw) ? raw : {};
  if (isRecord(source.publication)) {
    return { publication: toPublication(source.publication), key: source.key as CreatedApiKey };
  }
  return { publication: toPublication(source), key: source.apiKey as CreatedApiKey };
}
