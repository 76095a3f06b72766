import { promises as fs } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { protocol } from 'electron';

export const APP_SCHEME = 'app';
export const APP_HOST = 'nova';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_START_URL = `${APP_ORIGIN}/`;

/** Must run before `app` is ready: Chromium reads the scheme list once, at startup. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    // standard: relative URLs and origins work as on http; secure: a secure context (crypto.subtle,
    // etc.); supportFetchAPI: the page can fetch its own assets.
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

// The build puts every hashed asset here; a missing one is a real 404, not a client-side route.
const ASSET_PREFIX = '/static/';

export interface AppRequestHandlerOptions {
  /** Directory with the built renderer (index.html and static/). */
  rootDir: string;
  contentSecurityPolicy: string;
}

type FileLookup = { kind: 'file'; path: string } | { kind: 'missing' } | { kind: 'outside' };

function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root.endsWith(sep) ? root : root + sep);
}

async function lookup(root: string, realRoot: string, pathname: string): Promise<FileLookup> {
  const candidate = resolve(join(root, pathname));
  if (!isInside(root, candidate)) return { kind: 'outside' };
  try {
    const real = await fs.realpath(candidate);
    // A symlink inside the build must not lead out of it.
    if (!isInside(realRoot, real)) return { kind: 'outside' };
    const stats = await fs.stat(real);
    return stats.isFile() ? { kind: 'file', path: real } : { kind: 'missing' };
  } catch {
    return { kind: 'missing' };
  }
}

export function createAppRequestHandler({ rootDir, contentSecurityPolicy }: AppRequestHandlerOptions) {
  const root = resolve(rootDir);
  let realRoot: Promise<string> | undefined;

  const respond = (status: number, body: BodyInit | null, contentType = 'text/plain; charset=utf-8', extra: Record<string, string> = {}) =>
    new Response(body, {
      status,
      headers: {
        'Content-Type': contentType,
        'Content-Security-Policy': contentSecurityPolicy,
        'X-Content-Type-Options': 'nosniff',
        ...extra,
      },
    });

  const serveFile = async (path: string, method: string): Promise<Response> => {
    const contentType = MIME_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
    // index.html names the current hashed bundles, so it must never be served stale.
    const cache: Record<string, string> = path.endsWith('.html') ? { 'Cache-Control': 'no-cache' } : {};
    const body = method === 'HEAD' ? null : new Uint8Array(await fs.readFile(path));
    return respond(200, body, contentType, cache);
  };

  return async function handleAppRequest(request: Request): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return respond(405, 'Método no permitido', undefined, { Allow: 'GET, HEAD' });
    }
    let url: URL;
    let pathname: string;
    try {
      url = new URL(request.url);
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return respond(400, 'Solicitud no válida');
    }
    if (url.host !== APP_HOST) return respond(404, 'No encontrado');
    // Chromium already collapses "..", so anything still able to climb came in encoded (%2f, %5c)
    // or with a NUL byte: refuse it outright.
    if (pathname.includes('\0') || pathname.split(/[\\/]/).includes('..')) {
      return respond(403, 'Acceso denegado');
    }

    realRoot ??= fs.realpath(root).catch(() => root);
    const found = await lookup(root, await realRoot, pathname);
    if (found.kind === 'outside') return respond(403, 'Acceso denegado');
    if (found.kind === 'file') return serveFile(found.path, request.method);
    if (pathname.startsWith(ASSET_PREFIX)) return respond(404, 'No encontrado');

    // History fallback: client-side routes (/login, /chat/123, ...) all boot from index.html.
    const index = await lookup(root, await realRoot, '/index.html');
    if (index.kind !== 'file') return respond(404, 'No encontrado');
    return serveFile(index.path, request.method);
  };
}

export function handleAppProtocol(options: AppRequestHandlerOptions): void {
  protocol.handle(APP_SCHEME, createAppRequestHandler(options));
}
