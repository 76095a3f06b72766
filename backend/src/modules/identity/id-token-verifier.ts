import { DomainError } from '../../common/errors/domain-error';

/** Who is calling, as the verified id token says. */
export interface VerifiedIdentity {
  sub: string;
  username: string;
  email: string;
  name?: string;
  role: 'admin' | 'user';
}

export class InvalidTokenError extends DomainError {
  readonly status = 401;

  constructor(message = 'Tu sesión no es válida o ha caducado. Vuelve a iniciar sesión.') {
    super(message);
  }
}

/**
 * Verifies the bearer id token of a call to the backend. The implementation follows the
 * configuration: the embedded identity service's own keys, or Amazon Cognito's JWKS.
 */
export abstract class IdTokenVerifier {
  abstract verify(bearerToken: string): Promise<VerifiedIdentity>;
}

/** Whether a user id from a request (a subject or a username, any letter case) is this caller. */
export function namesCaller(identity: VerifiedIdentity, userId: string): boolean {
  return userId === identity.sub || userId.toLowerCase() === identity.username.toLowerCase();
}
