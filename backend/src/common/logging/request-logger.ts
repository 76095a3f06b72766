import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { inRequestContext } from '../telemetry/request-spans';

const logger = new Logger('HTTP');

/**
 * One structured line per request (the app logger writes JSON), written when the response ends so
 * that it carries the status and duration. Query strings are left out: they may carry tokens.
 */
export function requestLogger(request: Request, response: Response, next: NextFunction): void {
  const startedAt = process.hrtime.bigint();
  response.on('finish', () => {
    const durationMs = Number(process.hrtime.bigint() - startedAt) / 1e6;
    const line = {
      method: request.method,
      path: request.path,
      status: response.statusCode,
      durationMs: Math.round(durationMs * 10) / 10,
      contentLength: Number(response.getHeader('content-length') ?? 0),
    };
    // In the request's trace, for the line to carry its id.
    inRequestContext(request, () => logger.log(line));
  });
  next();
}
