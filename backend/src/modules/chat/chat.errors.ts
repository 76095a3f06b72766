import { DomainError } from '../../common/errors/domain-error';

/** A client may only name a model this deployment serves (each call costs the deployment money). */
export class UnknownModelError extends DomainError {
  readonly status = 400;
  constructor(available: string[]) {
    super(`modelId debe ser uno de los modelos disponibles: ${available.join(', ')}`);
  }
}

/** No reply of the conversation waits for a confirmation of this call. */
export class ToolConfirmationNotFoundError extends DomainError {
  readonly status = 404;
  constructor() {
    super('No hay ninguna herramienta esperando tu confirmación.');
  }
}

/** The call was allowed or refused already (by another tab, or twice). */
export class ToolConfirmationAnsweredError extends DomainError {
  readonly status = 409;
  readonly code = 'ToolConfirmationAnswered';
  constructor() {
    super('Esta herramienta ya se ha permitido o rechazado.');
  }
}
