import type { NextFunction, Request, Response } from 'express';
import { httpRequests } from './instruments';

type Observe = (seconds: number) => void;

/** One histogram child per method, route and status: labelling once, not on every request. */
const children = new Map<string, Observe>();

/** The route's pattern (`/api/agents/:id`), never the raw URL; what no route answered is one series. */
function routeOf(request: Request): string {
  const route = (request as Request & { route?: { path?: unknown } }).route;
  return typeof route?.path === 'string' ? request.baseUrl + route.path : 'unmatched';
}

/**
 * Times every request from its arrival to the end of its response, labelled with the route that
 * answered it (the renderer's files and unknown paths are 'unmatched'). Only installed when the
 * metrics are on (configureApp).
 */
export function countRequests(request: Request, response: Response, next: NextFunction): void {
  const startedAt = performance.now();
  response.once('finish', () => {
    const key = `${request.method} ${routeOf(request)} ${response.statusCode}`;
    let observe = children.get(key);
    if (!observe) {
      const child = httpRequests.labels(request.method, routeOf(request), String(response.statusCode));
      observe = (seconds) => child.observe(seconds);
      children.set(key, observe);
    }
    observe((performance.now() - startedAt) / 1000);
  });
  next();
}
