import { type BeforeApplicationShutdown, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';
import { errorBody } from '../../common/filters/http-error.filter';
import { interruptOpenStreams, unfinishedStreamCount } from '../chat/sse';
import { SERVER_RESTARTING, ServerRestartingError } from './health.errors';

/** What an open stream receives as its last event when the instance stops (clients show the message). */
export const RESTARTING_EVENT = { message: SERVER_RESTARTING, statusCode: 503, code: 'ServerRestarting' } as const;

/** How long the shutdown waits for the requests in flight (below the cluster's 30 s and Kubernetes' default). */
const IN_FLIGHT_GRACE_MS = 25_000;
/** How often the shutdown looks whether the work in flight is done. */
const IDLE_POLL_MS = 20;

/**
 * The instance's shutdown as the orchestrator sees it. On SIGTERM (enableShutdownHooks) Nest calls
 * onModuleDestroy first: from then on /api/health/ready answers 503, and every open event stream
 * gets a last `error` event and is closed (its route stops its work, as when a client leaves).
 * Then, before Nest closes the HTTP server (which stops accepting) and the database, the requests
 * in flight are waited for: each request from its start to its response's end (the middleware
 * below), and each event stream until its route has stored its turn (chat/sse.ts).
 */
@Injectable()
export class ShutdownState implements OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger('Shutdown');
  private begun = false;
  private inFlight = 0;

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  get shuttingDown(): boolean {
    return this.begun;
  }

  onModuleDestroy(): void {
    this.begun = true;
    const streams = interruptOpenStreams(this.adapterHost.httpAdapter?.getHttpServer(), 'error', RESTARTING_EVENT);
    if (streams > 0) this.logger.log(`Cierre: ${streams} flujos de eventos terminados`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    const server = this.adapterHost.httpAdapter?.getHttpServer();
    const working = () => this.inFlight + unfinishedStreamCount(server);
    if (working() === 0) return;
    this.logger.log(`Cierre: se esperan ${working()} peticiones en curso`);
    const deadline = Date.now() + IN_FLIGHT_GRACE_MS;
    while (working() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS));
    if (working() > 0) this.logger.warn(`Cierre: ${working()} peticiones seguían en curso a los ${IN_FLIGHT_GRACE_MS / 1000} s`);
  }

  started(): void {
    this.inFlight++;
  }

  ended(): void {
    this.inFlight--;
  }
}

/**
 * Counts every request from its start to its response's end, for the shutdown to wait for them.
 * Once the shutdown has begun, a new event stream is refused (503) rather than opened and cut at
 * once. An Express middleware for the whole application (API, admin and identity paths alike),
 * not a Nest interceptor: on Node 20 any Nest interceptor costs every request about 0.15 ms of CPU
 * (its AsyncResource.bind builds deprecation wrappers each time), a third of the marketplace's
 * throughput.
 */
export function inFlightRequests(shutdown: ShutdownState): (request: Request, response: Response, next: NextFunction) => void {
  return (request, response, next) => {
    if (shutdown.shuttingDown && wantsEventStream(request)) {
      const refusal = new ServerRestartingError();
      response.status(refusal.status).json({ ...errorBody(refusal.status, refusal.message), code: refusal.code });
      return;
    }
    shutdown.started();
    response.once('close', () => shutdown.ended());
    next();
  };
}

function wantsEventStream(request: Request): boolean {
  return (request.headers?.accept ?? '').toLowerCase().includes('text/event-stream');
}
