import {
  type BeforeApplicationShutdown,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  Logger,
  type NestInterceptor,
  type OnModuleDestroy,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { finalize, type Observable } from 'rxjs';
import type { Request } from 'express';
import { interruptOpenStreams } from '../chat/sse';
import { SERVER_RESTARTING, ServerRestartingError } from './health.errors';

/** What an open stream receives as its last event when the instance stops (clients show the message). */
export const RESTARTING_EVENT = { message: SERVER_RESTARTING, statusCode: 503, code: 'ServerRestarting' } as const;

/** How long the shutdown waits for the requests in flight (below the cluster's 30 s and Kubernetes' default). */
const IN_FLIGHT_GRACE_MS = 25_000;

/**
 * The instance's shutdown as the orchestrator sees it. On SIGTERM (enableShutdownHooks) Nest calls
 * onModuleDestroy first: from then on /api/health/ready answers 503, and every open event stream
 * gets a last `error` event and is closed (its route stops its work, as when a client leaves).
 * Then, before Nest closes the HTTP server (which stops accepting) and the database, the requests
 * in flight are waited for: each route handler counts from its start to its end (the stream's
 * stored reply included), by the interceptor below.
 */
@Injectable()
export class ShutdownState implements OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger('Shutdown');
  private begun = false;
  private inFlight = 0;
  private idle: (() => void) | undefined;

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
    if (this.inFlight === 0) return;
    this.logger.log(`Cierre: se esperan ${this.inFlight} peticiones en curso`);
    const finished = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), IN_FLIGHT_GRACE_MS);
      timer.unref();
      this.idle = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
    if (!finished) this.logger.warn(`Cierre: ${this.inFlight} peticiones seguían en curso a los ${IN_FLIGHT_GRACE_MS / 1000} s`);
  }

  started(): void {
    this.inFlight++;
  }

  ended(): void {
    this.inFlight--;
    if (this.inFlight === 0) this.idle?.();
  }
}

/**
 * Counts every route handler from its start to its end, for the shutdown to wait for them. Once
 * the shutdown has begun, a new event stream is refused (503) rather than opened and cut at once.
 */
@Injectable()
export class InFlightRequests implements NestInterceptor {
  constructor(private readonly shutdown: ShutdownState) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (this.shutdown.shuttingDown && context.getType() === 'http' && wantsEventStream(context.switchToHttp().getRequest<Request>())) {
      throw new ServerRestartingError();
    }
    this.shutdown.started();
    return next.handle().pipe(finalize(() => this.shutdown.ended()));
  }
}

function wantsEventStream(request: Request): boolean {
  return (request.headers?.accept ?? '').toLowerCase().includes('text/event-stream');
}
