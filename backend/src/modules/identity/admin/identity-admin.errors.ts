import { DomainError } from '../../../common/errors/domain-error';

/** Demoting or disabling the only enabled admin would leave nobody able to run the platform. */
export class LastAdminError extends DomainError {
  readonly status = 409;
  readonly code = 'LastAdmin';
  constructor() {
    super('No se puede quitar el rol de administrador al último administrador.');
  }
}
