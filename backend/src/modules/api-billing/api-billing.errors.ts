import { DomainError } from '../../common/errors/domain-error';

/** A buyer whose monthly invoice of API use failed: each call of their bought keys, until it is paid (402). */
export class ApiKeysSuspendedError extends DomainError {
  readonly status = 402;
  readonly code = 'ApiKeysSuspended';
  constructor() {
    super('Tus claves de API están suspendidas: hay una factura pendiente de pago.');
  }
}
