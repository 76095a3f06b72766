import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { static as serveStatic, type NextFunction, type Request, type Response } from 'express';

/** Paths that belong to the server; everything else is a client route of the single-page app. */
export const SERVER_PATH_PREFIXES = ['/api/', '/api-admin/', '/idp/'];

const isServerPath = (path: string) =>
  SERVER_PATH_PREFIXES.some((prefix) => path === prefix.slice(0, -1) || path.startsWith(prefix));

/**
 * Serves the built renderer with a history fallback: any GET for a client route (unknown ones
 * too, so the app can show its 404 page) receives index.html, while server paths and missing
 * files (a stale chunk, say) keep their real 404.
 */
export function serveRenderer(app: NestExpressApplication, rendererDir: string): void {
  const indexHtml = join(rendererDir, 'index.html');
  if (!existsSync(indexHtml)) {
    new Logger('Renderer').warn(`No se encontró la interfaz compilada en ${rendererDir}; ejecuta "npm run build".`);
    return;
  }
  const staticFiles = serveStatic(rendererDir, {
    index: false,
    setHeaders: (response, path) => {
      // Chunk names carry a content hash, so they never change; index.html always revalidates.
      const hashed = path.includes(`${join(rendererDir, 'static')}`);
      response.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // API calls skip the file lookup: it would cost every one of them a stat() on the disk.
  app.use((request: Request, response: Response, next: NextFunction) =>
    isServerPath(request.path) ? next() : staticFiles(request, response, next),
  );
  app.use((request: Request, response: Response, next: NextFunction) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (!isPageRequest || isServerPath(request.path) || extname(request.path) !== '') {
      next();
      return;
    }
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(indexHtml);
  });
}
