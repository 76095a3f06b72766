import { DomainError } from '../../common/errors/domain-error';

/** Spec section 5: collaboration needs at least one agent (the text is the spec's own). */
export class NoAgentsSelectedError extends DomainError {
  readonly status = 400;
  constructor() {
    super('No agents selected for collaboration');
  }
}

export class SessionNotFoundError extends DomainError {
  readonly status = 404;
  constructor() {
    super('Sesión de colaboración no encontrada');
  }
}

export class ConversationNotCollaborativeError extends DomainError {
  readonly status = 400;
  constructor() {
    super('La conversación no es un flujo de agentes ni un chat de ecosistema.');
  }
}

export class SessionNotFinishedError extends DomainError {
  readonly status = 409;
  constructor() {
    super('La sesión de colaboración todavía no ha terminado.');
  }
}

export class FlowNotFoundError extends DomainError {
  readonly status = 404;
  constructor() {
    super('Flujo no encontrado');
  }
}

export class InvalidFlowError extends DomainError {
  readonly status = 400;
  constructor(reason: string) {
    super(`El flujo no es válido: ${reason}`);
  }
}
