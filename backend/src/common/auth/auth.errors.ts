import { DomainError } from '../errors/domain-error';

export class AuthenticationRequiredError extends DomainError {
  readonly status = 401;
  constructor() {
    super('Debes iniciar sesión para hacer esto.');
  }
}

export class ForbiddenUserError extends DomainError {
  readonly status = 403;
  constructor() {
    super('No puedes acceder a los datos de otro usuario.');
  }
}

export class AdminRequiredError extends DomainError {
  readonly status = 403;
  constructor() {
    super('Esta acción está reservada a los administradores.');
  }
}
