/** Origin as the browser compares it; custom schemes included (Node's URL reports "null" for them). */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.host === '') return null;
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}

/** The policy sent with every app:// response. The backend is the only remote the page may call. */
export function buildContentSecurityPolicy(backendUrl: string): string {
  const backendOrigin = originOf(backendUrl);
  const connect = ["'self'", backendOrigin].filter((source): source is string => Boolean(source));
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    `connect-src ${connect.join(' ')}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
