import { DomainError } from '../../common/errors/domain-error';

export class AgentAlreadyInTeamError extends DomainError {
  readonly status = 409;
  constructor() {
    super('Este agente ya está en tu equipo');
  }
}

export class EcosystemAlreadyInTeamError extends DomainError {
  readonly status = 409;
  constructor() {
    super('Este ecosistema ya está en tu equipo');
  }
}

export class AgentNotInTeamError extends DomainError {
  readonly status = 404;
  constructor() {
    super('Este agente no está en tu equipo');
  }
}

export class EcosystemNotInTeamError extends DomainError {
  readonly status = 404;
  constructor() {
    super('Este ecosistema no está en tu equipo');
  }
}

/** 400, not 404: the spec's client reads a 404 on the user's agents as an empty team. */
export class UnknownTeamAgentsError extends DomainError {
  readonly status = 400;
  constructor(ids: string[]) {
    super(`Agentes no encontrados: ${ids.join(', ')}`);
  }
}

export class TeamTooLargeError extends DomainError {
  readonly status = 400;
  constructor(max: number) {
    super(`Un equipo admite como máximo ${max} agentes.`);
  }
}

export class TeamChangedConcurrentlyError extends DomainError {
  readonly status = 409;
  constructor() {
    super('El equipo cambió mientras se guardaba; inténtalo de nuevo.');
  }
}
