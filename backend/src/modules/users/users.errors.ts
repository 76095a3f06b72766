import { DomainError } from '../../common/errors/domain-error';

export class RegistrationNotFoundError extends DomainError {
  readonly status = 404;
  constructor() {
    super('No se encontró el registro del usuario.');
  }
}

export class EmailMismatchError extends DomainError {
  readonly status = 400;
  constructor() {
    super('El correo no coincide con el de tu cuenta.');
  }
}
