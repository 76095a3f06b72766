export const DEFAULT_BACKEND_URL = 'http://localhost:3000';

/**
 * Returns the address in canonical form (no trailing slash, so callers can append `/api/...`), or
 * null when it is not a plain http(s) URL. Credentials, queries and fragments are refused: the
 * value is handed to the page and written into the Content-Security-Policy.
 */
export function normalizeBackendUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return null;
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}
