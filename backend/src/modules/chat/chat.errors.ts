import { DomainError } from '../../common/errors/domain-error';

/** A client may only name a model this deployment serves (each call costs the deployment money). */
export class UnknownModelError extends DomainError {
  readonly status = 400;
  constructor(available: string[]) {
    super(`modelId debe ser uno de los modelos disponibles: ${available.join(', ')}`);
  }
}
