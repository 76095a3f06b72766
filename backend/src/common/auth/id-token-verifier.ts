import { DomainError } from '../errors/domain-error';

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

/** Subjects are UUIDs, the embedded pool's and Amazon Cognito's alike. */
const SUBJECT_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a user id is read as a subject. Such an id is only ever compared with subjects, never
 * with usernames, and sign-up refuses usernames of this shape: otherwise a user could take
 * another's subject as their username and be taken for them.
 */
export function isSubjectShaped(userId: string): boolean {
  return SUBJECT_SHAPE.test(userId);
}

/** Whether a user id from a request is this caller: a subject, or else a username in any letter case. */
export function namesCaller(identity: VerifiedIdentity, userId: string): boolean {
  return isSubjectShaped(userId) ? userId === identity.sub : userId.toLowerCase() === identity.username.toLowerCase();
}
