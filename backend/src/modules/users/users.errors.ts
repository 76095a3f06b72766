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

export class HandleTakenError extends DomainError {
  readonly status = 409;
  constructor() {
    super('Ese nombre público ya lo usa otra persona. Elige otro.');
  }
}

export class HandleNotAllowedError extends DomainError {
  readonly status = 400;
  constructor(reason: 'format' | 'reserved') {
    super(
      reason === 'format'
        ? 'El nombre público debe tener entre 3 y 30 caracteres: letras minúsculas, números, puntos, guiones o guiones bajos, empezando y terminando en letra o número (nunca un correo).'
        : 'Ese nombre público está reservado. Elige otro.',
    );
  }
}
