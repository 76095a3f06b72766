import { createHash } from 'node:crypto';
import { applyDecorators, CanActivate, ExecutionContext, Injectable, Logger, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { InjectThrottlerStorage, ThrottlerStorage } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import type { AuthenticatedRequest } from '../../common/auth/auth.decorators';
import { clientIp, TooManyRequestsError } from '../../common/rate-limit/rate-limit';

const PAYMENT_ATTEMPTS = 'payments:attempts';
const TEN_MINUTES_MS = 10 * 60 * 1000;

/**
 * Card-testing protection: how often one user (and, for safety, one client address, whoever is
 * signed in there) may try to save a card or subscribe. A stolen-card tester tries many cards in a
 * row; a real buyer saves a card or two. Subscriptions allow more, for a cart of several agents.
 */
export const PAYMENT_ATTEMPT_LIMITS = {
  addCard: {
    perUser: 10,
    perAddress: 30,
    ttlMs: TEN_MINUTES_MS,
    message: 'Has intentado añadir demasiadas tarjetas en poco tiempo.',
  },
  createSubscription: {
    perUser: 30,
    perAddress: 60,
    ttlMs: TEN_MINUTES_MS,
    message: 'Has intentado suscribirte demasiadas veces en poco tiempo.',
  },
} as const;

export type PaymentAttempt = keyof typeof PAYMENT_ATTEMPT_LIMITS;

/**
 * Limits the route as PAYMENT_ATTEMPT_LIMITS says: 429 with a Spanish message and Retry-After.
 * The counters live in the project's throttler storage (process memory, or Redis when REDIS_URL
 * is set, shared by every instance), like every other rate limit.
 */
export const PaymentAttempts = (attempt: PaymentAttempt) =>
  applyDecorators(
    SetMetadata(PAYMENT_ATTEMPTS, attempt),
    UseGuards(PaymentAttemptsGuard),
    ApiTooManyRequestsResponse({ description: `${PAYMENT_ATTEMPT_LIMITS[attempt].message} (Retry-After dice cuántos segundos esperar)` }),
  );

@Injectable()
export class PaymentAttemptsGuard implements CanActivate {
  private readonly logger = new Logger('PaymentAttempts');

  constructor(
    private readonly reflector: Reflector,
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const attempt = this.reflector.get<PaymentAttempt | undefined>(PAYMENT_ATTEMPTS, context.getHandler());
    if (!attempt) return true;
    const limits = PAYMENT_ATTEMPT_LIMITS[attempt];
    const http = context.switchToHttp();
    const request = http.getRequest<Request & AuthenticatedRequest>();
    const counters = [
      ...(request.identity ? [{ name: `payments-${attempt}-user`, tracker: request.identity.sub, limit: limits.perUser }] : []),
      { name: `payments-${attempt}-ip`, tracker: clientIp(request), limit: limits.perAddress },
    ];
    for (const counter of counters) {
      const key = createHash('sha256').update(`${counter.name}\n${counter.tracker}`).digest('hex');
      let record;
      try {
        record = await this.storage.increment(key, limits.ttlMs, counter.limit, limits.ttlMs, counter.name);
      } catch (error) {
        // A broken counter store must not take payments down with it.
        this.logger.warn(`Límite «${counter.name}» sin comprobar: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      if (record.isBlocked) {
        const retryAfter = Math.max(1, record.timeToBlockExpire);
        http.getResponse<Response>().setHeader('Retry-After', String(retryAfter));
        throw new TooManyRequestsError(`${limits.message} ${waitText(retryAfter)}`);
      }
    }
    return true;
  }
}

/** «Vuelve a intentarlo dentro de …», in seconds under a minute, else in whole minutes (rounded up). */
function waitText(seconds: number): string {
  if (seconds < 60) return `Vuelve a intentarlo dentro de ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Vuelve a intentarlo dentro de ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}
