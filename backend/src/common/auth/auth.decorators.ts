import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiSecurity, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ErrorBodyDto } from '../errors/error-body.dto';
import type { VerifiedIdentity } from './id-token-verifier';

export const PUBLIC_ROUTE = 'auth:public';
export const ADMIN_ONLY = 'auth:admin-only';
export const USER_ID_PARAMS = 'auth:user-id-params';
export const ALLOWED_WHILE_DELETING = 'auth:allowed-while-deleting';

/**
 * Reachable without signing in; a valid bearer token still identifies the caller. Documented as
 * optional security (the empty requirement), so that it never inherits its controller's 401.
 */
export const Public = () => applyDecorators(SetMetadata(PUBLIC_ROUTE, true), ApiSecurity({}));

/** A controller for signed-in callers: the bearer token, and the 401 answered without a valid one. */
export const SignedInApi = () =>
  applyDecorators(
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ type: ErrorBodyDto, description: 'Sin sesión, o con un token caducado o no válido' }),
  );

/** Only for callers whose token carries the admin role (every /api-admin route is, too). */
export const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);

const ADMIN_REFUSED = 'Sin sesión (401) o sin el rol admin (403): el servidor lo comprueba en cada llamada';

/** An admin area controller: admin only, and documented so in the OpenAPI contract. */
export const AdminApi = () =>
  applyDecorators(ApiTags('admin'), ApiBearerAuth(), ApiUnauthorizedResponse({ type: ErrorBodyDto, description: ADMIN_REFUSED }), ApiForbiddenResponse({ type: ErrorBodyDto, description: ADMIN_REFUSED }), AdminOnly());

/** Answers an account whose deletion is scheduled (the pending screen's routes); every other route refuses it (AccountHolds). */
export const AllowedWhileDeleting = () => SetMetadata(ALLOWED_WHILE_DELETING, true);

/**
 * Names the path parameters that hold a user id (the username or the subject). The guard refuses
 * any that is not the caller's, unless the caller is an admin.
 */
export const UserIdParams = (...names: string[]) => SetMetadata(USER_ID_PARAMS, names);

export interface AuthenticatedRequest {
  identity?: VerifiedIdentity;
}

/** The verified caller; undefined on a public route called by a visitor. */
export const CurrentIdentity = createParamDecorator(
  (_data: unknown, context: ExecutionContext): VerifiedIdentity | undefined =>
    context.switchToHttp().getRequest<AuthenticatedRequest>().identity,
);
