import { DomainError } from '../../common/errors/domain-error';

export class AdminUserNotFoundError extends DomainError {
  readonly status = 404;
  constructor() {
    super('Usuario no encontrado');
  }
}

export class SelfDisableError extends DomainError {
  readonly status = 409;
  constructor() {
    super('No puedes desactivar tu propia cuenta.');
  }
}

export class InvalidLimitError extends DomainError {
  readonly status = 400;
  constructor() {
    super('El límite debe ser un número entero entre 1 y 100.');
  }
}

export class InvalidPeriodError extends DomainError {
  readonly status = 400;
  constructor() {
    super('La fecha de fin no puede ser anterior a la de inicio.');
  }
}



export class NotPendingError extends DomainError {
  readonly status = 409;
  constructor() {
    super('El agente no está pendiente de moderación.');
  }
}
