import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { looksLikeSecret } from './api-key-secret';
import { KeyRateLimiter } from './key-rate-limiter';
import { KeyResolver, type ResolvedKey } from './key-resolver';
import {
  ApiNotForSaleError,
  ExpiredApiKeyError,
  InvalidApiKeyError,
  KeyOfAnotherPublicationError,
  KeyRateLimitedError,
  MissingApiKeyError,
  OwnerAccountDisabledError,
  PublicationDisabledError,
} from './publications.errors';

export interface KeyedRequest extends Request {
  apiKey?: ResolvedKey;
  /** When the key guard started: the latency of a refused call is counted from here. */
  meteringStartedAt?: number;
}

/**
 * In front of every /api/v1 route (which the user token guard lets through as public): the key
 * in `Authorization: Bearer` or `x-api-key` must be a live key of an enabled publication whose
 * owner's account is not disabled, of this agent when the path names one, and within its
 * requests per minute. Every answer, a 429 too,
 * carries the IETF RateLimit headers.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly resolver: KeyResolver,
    private readonly limiter: KeyRateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<KeyedRequest>();
    const response = http.getResponse<Response>();
    request.meteringStartedAt = performance.now();
    const secret = secretOf(request);
    if (!secret) throw new MissingApiKeyError();
    const key = looksLikeSecret(secret) ? await this.resolver.resolve(secret) : null;
    if (!key) throw new InvalidApiKeyError();
    if (key.expiresAt !== null && key.expiresAt <= Date.now()) throw new ExpiredApiKeyError();
    if (!key.ownerEnabled) throw new OwnerAccountDisabledError();
    const agentId = request.params?.id;
    if (agentId !== undefined && agentId !== key.agentId) throw new KeyOfAnotherPublicationError();
    if (!key.enabled || !key.agent) throw new PublicationDisabledError();
    if (key.buyer && !key.forSale) throw new ApiNotForSaleError();

    const decision = await this.limiter.hit(key.keyId, key.rateLimitPerMinute);
    response.setHeader('RateLimit-Policy', `"per-key";q=${decision.limit};w=60`);
    response.setHeader('RateLimit', `"per-key";r=${decision.remaining};t=${decision.resetSeconds}`);
    response.setHeader('RateLimit-Limit', String(decision.limit));
    response.setHeader('RateLimit-Remaining', String(decision.remaining));
    response.setHeader('RateLimit-Reset', String(decision.resetSeconds));
    if (!decision.allowed) {
      response.setHeader('Retry-After', String(decision.resetSeconds));
      throw new KeyRateLimitedError(decision.limit, decision.resetSeconds);
    }
    request.apiKey = key;
    return true;
  }
}

function secretOf(request: Request): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const authorization = request.headers.authorization;
  const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
  return match?.[1];
}
