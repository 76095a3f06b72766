import { DomainError } from '../../common/errors/domain-error';

export class EcosystemNotFoundError extends DomainError {
  readonly status = 404;
  constructor() {
    super('Ecosistema no encontrado');
  }
}

export class EcosystemAgentsNotFoundError extends DomainError {
  readonly status = 400;
  constructor(ids: string[]) {
    super(`Agentes no encontrados: ${ids.join(', ')}`);
  }
}

export class PrivateAgentInPublicEcosystemError extends DomainError {
  readonly status = 400;
  constructor(ids: string[]) {
    super(`Un ecosistema público solo puede incluir agentes públicos: ${ids.join(', ')}`);
  }
}

export class EcosystemCreatorMismatchError extends DomainError {
  readonly status = 403;
  constructor() {
    super('createdBy debe ser tu nombre de usuario.');
  }
}

export class EcosystemHighlightForbiddenError extends DomainError {
  readonly status = 403;
  constructor() {
    super('Solo un administrador puede destacar un ecosistema o cambiar su popularidad.');
  }
}
