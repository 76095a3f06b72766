import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { static as serveStatic, type NextFunction, type Request, type Response } from 'express';

/**
 * Paths that belong to the server; everything else is a client route of the single-page app.
 * In any letter case, as routing matches them: /API-ADMIN/... must reach the admin guard, not the page.
 * /metrics is Prometheus' scrape (metrics module).
 */
const SERVER_PATH = /^\/(api|api-admin|idp|metrics)(\/|$)/i;

export const isServerPath = (path: string) => SERVER_PATH.test(path);

/** The build writes these beside each text asset (electron.vite.config.ts); the first the client accepts wins. */
const ENCODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number];

/** Chunk names carry a content hash, so they never change; everything else (index.html) always revalidates. */
const cacheControlFor = (urlPath: string) =>
  urlPath.startsWith('/static/') ? 'public, max-age=31536000, immutable' : 'no-cache';

/**
 * URL path → the compressed copies that the build left beside that file. Read once at start-up:
 * the renderer does not change under a running server, and a file left out is still served, only
 * uncompressed.
 */
function findPrecompressed(rendererDir: string): Map<string, Encoding[]> {
  const files = new Set(readdirSync(rendererDir, { recursive: true, encoding: 'utf8' }).map((file) => file.split(sep).join('/')));
  const variants = new Map<string, Encoding[]>();
  for (const file of files) {
    const encodings = ENCODINGS.filter((encoding) => files.has(file + encoding.suffix));
    if (encodings.length > 0) variants.set(`/${file}`, encodings);
  }
  return variants;
}

/** A copy of index.html that also asks for its route's chunks, and the paths it serves (a prefix, or below it). */
interface FirstScreen {
  prefixes: string[];
  html: string;
}

/** Written by the renderer's build (electron.vite.config.ts, FIRST_SCREENS); absent from older builds. */
const FIRST_SCREENS_MANIFEST = 'first-screens.json';

function readFirstScreens(rendererDir: string): FirstScreen[] {
  const manifest = join(rendererDir, FIRST_SCREENS_MANIFEST);
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as FirstScreen[]) : [];
}

/** The page for a client route: its route group's copy of index.html, or index.html itself. */
function pageFor(path: string, firstScreens: FirstScreen[]): string {
  const screen = firstScreens.find(({ prefixes }) => prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)));
  return screen ? `/${screen.html}` : '/index.html';
}

/**
 * Serves the built renderer with a history fallback: any GET for a client route (unknown ones
 * too, so the app can show its 404 page) receives index.html, while server paths and missing
 * files (a stale chunk, say) keep their real 404; a route with a first-screen copy of index.html
 * gets that copy. A file precompressed at build is sent as its .br or .gz copy to clients that
 * accept that encoding.
 */
export function serveRenderer(app: NestExpressApplication, rendererDir: string): void {
  const indexHtml = join(rendererDir, 'index.html');
  if (!existsSync(indexHtml)) {
    new Logger('Renderer').warn(`No se encontró la interfaz compilada en ${rendererDir}; ejecuta "npm run build".`);
    return;
  }
  const precompressed = findPrecompressed(rendererDir);
  const firstScreens = readFirstScreens(rendererDir);

  /**
   * Sends `urlPath` as the compressed copy the client accepts, or calls `sendPlain` when there is
   * none (or it has gone since start-up).
   */
  const sendFile = (request: Request, response: Response, urlPath: string, sendPlain: () => void): void => {
    const encodings = precompressed.get(urlPath) ?? [];
    // Caches must keep one copy per encoding, the uncompressed answer included.
    if (encodings.length > 0) response.vary('Accept-Encoding');
    const chosen = encodings.find(({ coding }) => request.acceptsEncodings([coding, 'identity']) === coding);
    if (!chosen) {
      sendPlain();
      return;
    }
    response.setHeader('Content-Encoding', chosen.coding);
    response.setHeader('Cache-Control', cacheControlFor(urlPath));
    response.type(extname(urlPath));
    // Ranges would count bytes of the compressed copy, which no client expects.
    response.sendFile(join(rendererDir, urlPath + chosen.suffix), { cacheControl: false, acceptRanges: false }, (error) => {
      if (!error || response.headersSent) return;
      response.removeHeader('Content-Encoding');
      sendPlain();
    });
  };

  const staticFiles = serveStatic(rendererDir, {
    index: false,
    setHeaders: (response, path) => {
      response.setHeader('Cache-Control', cacheControlFor(path.slice(rendererDir.length).split(sep).join('/')));
    },
  });
  const isPageRequest = (request: Request) => request.method === 'GET' || request.method === 'HEAD';

  // API calls skip the file lookup: it would cost every one of them a stat() on the disk.
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (isServerPath(request.path)) return next();
    const sendPlain = () => staticFiles(request, response, next);
    if (isPageRequest(request)) sendFile(request, response, request.path, sendPlain);
    else sendPlain();
  });
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (!isPageRequest(request) || isServerPath(request.path) || extname(request.path) !== '') {
      next();
      return;
    }
    response.setHeader('Cache-Control', 'no-cache');
    const page = pageFor(request.path, firstScreens);
    sendFile(request, response, page, () => response.sendFile(join(rendererDir, page)));
  });
}
