/**
 * A path of this app (path, query and hash) taken from a query parameter, or null: only what
 * starts with one '/' and stays on this origin, so that a crafted link cannot send the user to
 * another site ('//otro.example', '/\otro.example', 'https://…').
 */
export function sameAppPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  const base = 'http://app.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
