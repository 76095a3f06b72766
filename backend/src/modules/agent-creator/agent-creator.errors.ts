import { DomainError } from '../../common/errors/domain-error';

/** Saving a draft that still lacks what an agent cannot go without. */
export class DraftIncompleteError extends DomainError {
  readonly status = 400;
  constructor(missing: string[]) {
    super(`Para guardar el agente falta ${missing.join(', ')}.`);
  }
}

export class FineTuningSessionNotFoundError extends DomainError {
  readonly status = 404;
  constructor() {
    super('Sesión de ajuste no encontrada');
  }
}

export class FineTuningSessionClosedError extends DomainError {
  readonly status = 409;
  constructor() {
    super('La sesión de ajuste está cerrada: abre otra para seguir ajustando el agente.');
  }
}

/** A session may only use the agent's model or the deployment's default one. */
export class FineTuningModelError extends DomainError {
  readonly status = 400;
  constructor(available: string[]) {
    super(`modelId debe ser uno de los modelos disponibles: ${available.join(', ')}`);
  }
}
