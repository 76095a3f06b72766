import { createHash } from 'node:crypto';
import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  Injectable,
  Logger,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectThrottlerStorage, normalizeIp, ThrottlerStorage } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { DomainError } from '../errors/domain-error';

const RATE_LIMIT = 'rate-limit:rules';

/** Who a rule counts: the client address, or the address plus the widget's session id. */
export type RateLimitTracker = 'ip' | 'ip-and-session';

export interface RateLimitRule {
  /** Part of the counter's key: two rules with the same name share their counters. */
  name: string;
  limit: number;
  ttlMs: number;
  by: RateLimitTracker;
}

interface RateLimitOptions {
  rules: RateLimitRule[];
  /** The Spanish text of the 429. */
  message: string;
}

export class TooManyRequestsError extends DomainError {
  readonly status = 429;
}

/**
 * Limits how often one client may call the route. The counters live in the throttler storage
 * (process memory, or Redis when REDIS_URL is set so that every instance shares them).
 */
export const RateLimit = (options: RateLimitOptions) =>
  applyDecorators(SetMetadata(RATE_LIMIT, options), UseGuards(RateLimitGuard));

@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly logger = new Logger('RateLimit');

  constructor(
    private readonly reflector: Reflector,
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const options = this.reflector.get<RateLimitOptions | undefined>(RATE_LIMIT, context.getHandler());
    if (!options) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    for (const rule of options.rules) {
      const key = createHash('sha256').update(`${rule.name}\n${trackerOf(request, rule.by)}`).digest('hex');
      let record;
      try {
        record = await this.storage.increment(key, rule.ttlMs, rule.limit, rule.ttlMs, rule.name);
      } catch (error) {
        // A broken counter store must not take the widget or the contact form down with it.
        this.logger.warn(`Límite «${rule.name}» sin comprobar: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      if (record.isBlocked) {
        http.getResponse<Response>().setHeader('Retry-After', String(Math.max(1, record.timeToBlockExpire)));
        throw new TooManyRequestsError(options.message);
      }
    }
    return true;
  }
}

/** The client address as Express sees it (honouring TRUST_PROXY); IPv6 grouped by /64. */
export function clientIp(request: Request): string {
  const ip = request.ip ?? request.socket?.remoteAddress ?? 'unknown';
  try {
    return normalizeIp(ip);
  } catch {
    return ip;
  }
}

const SESSION_ID = /^[A-Za-z0-9_-]{8,64}$/;

function trackerOf(request: Request, by: RateLimitTracker): string {
  const ip = clientIp(request);
  if (by === 'ip') return ip;
  // Read before validation: a malformed session id counts as no session, never as a fresh one.
  const sessionId = (request.body as { sessionId?: unknown } | undefined)?.sessionId;
  return `${ip}\n${typeof sessionId === 'string' && SESSION_ID.test(sessionId) ? sessionId : '-'}`;
}
