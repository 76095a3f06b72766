import { CanActivate, ExecutionContext, Injectable, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { IdTokenVerifier, InvalidTokenError, namesCaller, type VerifiedIdentity } from './id-token-verifier';
import { isAdmin } from '../access/access-policy';
import { AccountHolds } from './account-holds';
import { ADMIN_ONLY, ALLOWED_WHILE_DELETING, PUBLIC_ROUTE, USER_ID_PARAMS, type AuthenticatedRequest } from './auth.decorators';
import { AdminRequiredError, AuthenticationRequiredError, ForbiddenUserError } from './auth.errors';

export const USER_ID_HEADER = 'x-user-id';

/** Routing ignores letter case (/API-ADMIN/... reaches the admin controllers), so this must too. */
const ADMIN_AREA = /^\/api-admin(\/|$)/i;

/**
 * Runs before every controller: the caller is whoever the bearer token says, and nothing the
 * client sends besides the token can change that. A user id anywhere in the request (path
 * parameters the route names, the userId query, the x-user-id header, a userId in the body)
 * must be the caller's own unless the caller is an admin.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: IdTokenVerifier,
    @Optional() private readonly holds?: AccountHolds,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets) ?? false;
    const adminOnly =
      (this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets) ?? false) ||
      ADMIN_AREA.test(request.path);

    let identity = await this.identify(request, isPublic && !adminOnly);
    const refusal = identity && this.holds && !this.reflector.getAllAndOverride<boolean>(ALLOWED_WHILE_DELETING, targets) ? await this.holds.refusal(identity.sub) : null;
    if (refusal) {
      // A held account browses public pages as a visitor; everything else is refused.
      if (!isPublic || adminOnly) throw refusal;
      identity = undefined;
    }
    request.identity = identity;
    if (!identity) return true;

    const callerIsAdmin = isAdmin(identity);
    if (adminOnly && !callerIsAdmin) throw new AdminRequiredError();
    if (!callerIsAdmin) {
      const paramNames = this.reflector.getAllAndOverride<string[]>(USER_ID_PARAMS, targets) ?? [];
      const claimedIds = [
        ...paramNames.map((name) => request.params[name]),
        request.query.userId,
        request.headers[USER_ID_HEADER],
        (request.body as { userId?: unknown } | undefined)?.userId,
      ];
      if (claimedIds.some((claimed) => claimed !== undefined && !isCaller(claimed, identity))) {
        throw new ForbiddenUserError();
      }
    }
    return true;
  }

  private async identify(request: Request, optional: boolean): Promise<VerifiedIdentity | undefined> {
    const token = bearerToken(request);
    if (!token) {
      if (optional) return undefined;
      throw new AuthenticationRequiredError();
    }
    try {
      return await this.verifier.verify(token);
    } catch (error) {
      // A stale token must not stop a visitor from browsing public pages.
      if (optional && error instanceof InvalidTokenError) return undefined;
      throw error;
    }
  }
}

function bearerToken(request: Request): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** Every id the request claims (a query may repeat a parameter) must name the caller. */
function isCaller(claimed: unknown, identity: VerifiedIdentity): boolean {
  const values = Array.isArray(claimed) ? claimed : [claimed];
  return values.every((value) => typeof value === 'string' && namesCaller(identity, value));
}
