import { DomainError } from '../../common/errors/domain-error';

/** 'Tu cuenta se eliminará el 28 de diciembre de 2026.': every route but the pending screen's answers this to an account whose deletion is scheduled. */
export class AccountDeletionPendingError extends DomainError {
  readonly status = 403;
  readonly code = 'AccountDeletionPending';
  constructor(scheduledFor: Date) {
    super(`Tu cuenta se eliminará el ${spanishDate(scheduledFor)}.`);
  }
}

/** A token of an account that no longer exists. */
export class AccountErasedError extends DomainError {
  readonly status = 401;
  readonly code = 'AccountErased';
  constructor() {
    super('Esta cuenta se ha eliminado.');
  }
}

/** The only enabled admin may not go: the platform would be left without one. */
export class LastAdminDeletionError extends DomainError {
  readonly status = 409;
  readonly code = 'LastAdmin';
  constructor() {
    super('Eres el único administrador: nombra antes a otro administrador para eliminar tu cuenta.');
  }
}

export class ConfirmEmailMismatchError extends DomainError {
  readonly status = 400;
  readonly code = 'ConfirmEmailMismatch';
  constructor() {
    super('El correo electrónico no coincide con el de tu cuenta.');
  }
}

export class WrongPasswordError extends DomainError {
  readonly status = 400;
  readonly code = 'WrongPassword';
  constructor() {
    super('La contraseña no es correcta.');
  }
}

export class MfaCodeRequiredError extends DomainError {
  readonly status = 400;
  readonly code = 'MfaCodeRequired';
  constructor() {
    super('Escribe el código de tu aplicación de autenticación.');
  }
}

/** The second factor is the e-mailed code: the pool has just sent it; the same request with `mfaCode` completes the deletion. */
export class MfaCodeSentError extends DomainError {
  readonly status = 400;
  readonly code = 'MfaCodeSent';
  constructor() {
    super('Te hemos enviado un código a tu correo electrónico. Escríbelo para confirmar la eliminación.');
  }
}

export class WrongMfaCodeError extends DomainError {
  readonly status = 400;
  readonly code = 'WrongMfaCode';
  constructor() {
    super('El código de verificación no es correcto.');
  }
}

export class TooManyAttemptsError extends DomainError {
  readonly status = 429;
  constructor() {
    super('Demasiados intentos fallidos. Espera unos minutos y vuelve a intentarlo.');
  }
}

export class ErasedUserNotFoundError extends DomainError {
  readonly status = 404;
  constructor() {
    super('Usuario no encontrado');
  }
}

export class SelfEraseError extends DomainError {
  readonly status = 400;
  constructor() {
    super('No puedes eliminar tu propia cuenta desde la administración: usa «Eliminar mi cuenta» en tu perfil.');
  }
}

/** '28 de diciembre de 2026', in Madrid's calendar. */
export function spanishDate(date: Date): string {
  return new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Madrid' }).format(date);
}
