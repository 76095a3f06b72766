import { DomainError } from '../../common/errors/domain-error';

export class ToolSourceNotFoundError extends DomainError {
  readonly status = 404;
  constructor() {
    super('Fuente de herramientas no encontrada');
  }
}

export class ToolNotFoundError extends DomainError {
  readonly status = 404;
  constructor(name: string) {
    super(`La fuente no tiene ninguna herramienta «${name}».`);
  }
}

export class ToolSourceInvalidError extends DomainError {
  readonly status = 400;
}

export class ToolSourceLimitError extends DomainError {
  readonly status = 409;
  readonly code = 'ToolSourceLimit';
  constructor(max: number) {
    super(`Un agente puede tener como mucho ${max} fuentes de herramientas. Elimina alguna para añadir otra.`);
  }
}

export class ToolSourceBusyError extends DomainError {
  readonly status = 409;
  constructor() {
    super('La fuente de herramientas está cambiando ahora mismo. Inténtalo de nuevo.');
  }
}
