import { createHash } from 'node:crypto';
import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  Inject,
  Injectable,
  Logger,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectThrottlerStorage, normalizeIp, ThrottlerStorage } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import type { AppConfig, QuotaLimit, UserQuota } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import type { AuthenticatedRequest } from '../auth/auth.decorators';
import { DomainError } from '../errors/domain-error';

const RATE_LIMIT = 'rate-limit:rules';

/** Who an address rule counts: the client address, or the address plus the widget's session id. */
export type RateLimitTracker = 'ip' | 'ip-and-session';

/** A limit per client address, its numbers written where it is used. */
export interface AddressRule {
  /** Part of the counter's key: two rules with the same name share their counters. */
  name: string;
  limit: number;
  ttlMs: number;
  by: RateLimitTracker;
}

/**
 * A limit per signed-in user (the verified token's subject, which the global auth guard sets
 * before any route guard runs), its numbers from the configuration. A visitor has no user: the
 * route's address rules count them. Admins count like everyone else: their calls cost the same,
 * and a stolen admin token is the one that most needs a brake.
 */
export interface UserRule {
  by: 'user';
  quota: UserQuota;
}

export type RateLimitRule = AddressRule | UserRule;

interface RateLimitOptions {
  rules: RateLimitRule[];
  /** The Spanish text of an address rule's 429 (a user rule's names its quota). */
  message?: string;
}

const DEFAULT_MESSAGE = 'Has hecho demasiadas peticiones. Espera un momento y vuelve a intentarlo.';

const USER_QUOTA_MESSAGES: Record<UserQuota, string> = {
  agents: 'Has guardado demasiados agentes en poco tiempo.',
  ecosystems: 'Has creado demasiados ecosistemas en poco tiempo.',
  conversations: 'Has creado demasiadas conversaciones en poco tiempo.',
  messages: 'Has enviado demasiados mensajes en poco tiempo.',
  uploads: 'Has subido demasiados archivos en poco tiempo.',
  modelCalls: 'Has hecho demasiadas consultas al modelo en poco tiempo.',
  reviews: 'Has escrito demasiadas valoraciones en poco tiempo.',
  reports: 'Has enviado demasiadas denuncias en poco tiempo.',
};

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
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const options = this.reflector.get<RateLimitOptions | undefined>(RATE_LIMIT, context.getHandler());
    if (!options) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request & AuthenticatedRequest>();
    for (const rule of options.rules) {
      const counted = this.counted(rule, request);
      if (!counted) continue;
      const key = createHash('sha256').update(`${counted.name}\n${counted.tracker}`).digest('hex');
      let record;
      try {
        record = await this.storage.increment(key, counted.ttlMs, counted.limit, counted.ttlMs, counted.name);
      } catch (error) {
        // A broken counter store must not take the product down with it.
        this.logger.warn(`Límite «${counted.name}» sin comprobar: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      if (record.isBlocked) {
        const retryAfter = Math.max(1, record.timeToBlockExpire);
        http.getResponse<Response>().setHeader('Retry-After', String(retryAfter));
        throw new TooManyRequestsError(
          rule.by === 'user' ? `${USER_QUOTA_MESSAGES[rule.quota]} ${waitText(retryAfter)}` : (options.message ?? DEFAULT_MESSAGE),
        );
      }
    }
    return true;
  }

  /** The counter a rule adds to, or null when it does not apply (a user rule and a visitor). */
  private counted(rule: RateLimitRule, request: Request & AuthenticatedRequest): (QuotaLimit & { name: string; tracker: string }) | null {
    if (rule.by !== 'user') return { ...rule, tracker: trackerOf(request, rule.by) };
    if (!request.identity) return null;
    return { ...this.config.userQuotas[rule.quota], name: `user-${rule.quota}`, tracker: request.identity.sub };
  }
}

/** «Vuelve a intentarlo dentro de …», in seconds under a minute, else in whole minutes (rounded up). */
function waitText(seconds: number): string {
  if (seconds < 60) return `Vuelve a intentarlo dentro de ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Vuelve a intentarlo dentro de ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
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
