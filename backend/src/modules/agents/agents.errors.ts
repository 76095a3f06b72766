import { DomainError } from '../../common/errors/domain-error';

/** Also what a caller sees for another user's private agent: its existence is not revealed. */
export class AgentNotFoundError extends DomainError {
  readonly status = 404;
  constructor() {
    super('Agente no encontrado');
  }
}

export class AgentNotOwnedError extends DomainError {
  readonly status = 403;
  constructor() {
    super('Solo el creador del agente o un administrador puede modificarlo o eliminarlo.');
  }
}

export class AgentCreatorMismatchError extends DomainError {
  readonly status = 403;
  constructor() {
    super('createdBy debe ser tu nombre de usuario.');
  }
}

export class AgentStatsForbiddenError extends DomainError {
  readonly status = 403;
  constructor() {
    super('La valoración y la popularidad salen de las reseñas y del uso: nadie puede cambiarlas a mano.');
  }
}

export class AgentIdTakenError extends DomainError {
  readonly status = 409;
  constructor() {
    super('Ya existe un agente con ese id.');
  }
}
