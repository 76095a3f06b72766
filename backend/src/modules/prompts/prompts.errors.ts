import { DomainError } from '../../common/errors/domain-error';

export class PromptNotFoundError extends DomainError {
  readonly status = 404;
  constructor() {
    super('Este agente no tiene prompt.');
  }
}

export class PromptVersionNotFoundError extends DomainError {
  readonly status = 404;
  constructor() {
    super('No existe esa versión del prompt.');
  }
}

export class CurrentVersionNotDeletableError extends DomainError {
  readonly status = 409;
  readonly code = 'CurrentPromptVersion';
  constructor() {
    super('No se puede eliminar la versión actual del prompt. Establece antes otra versión como actual.');
  }
}

/** Set-current without `force` when the candidate's last test run passed fewer cases than the current version. */
export class CandidateFailsMoreTestsError extends DomainError {
  readonly status = 409;
  readonly code = 'CandidatePassesFewerTests';
  constructor(candidatePassed: number, currentPassed: number, total: number) {
    super(
      `La versión candidata supera menos casos de prueba que la actual (${candidatePassed} de ${total} frente a ${currentPassed} de ${total}).`,
    );
  }
}

export class EmptyPromptToEnhanceError extends DomainError {
  readonly status = 400;
  constructor() {
    super('El prompt no puede estar vacío para ser mejorado.');
  }
}

export class EmptyEnhancedPromptError extends DomainError {
  readonly status = 502;
  constructor() {
    super('El modelo no ha devuelto ningún prompt mejorado. Vuelve a intentarlo.');
  }
}

export class TooManyTestCasesError extends DomainError {
  readonly status = 409;
  constructor(limit: number) {
    super(`Un agente puede tener como máximo ${limit} casos de prueba.`);
  }
}

export class TestCaseNotFoundError extends DomainError {
  readonly status = 404;
  constructor() {
    super('Caso de prueba no encontrado.');
  }
}

export class InvalidPatternError extends DomainError {
  readonly status = 400;
  constructor() {
    super('El patrón no es una expresión regular válida.');
  }
}

export class NoTestCasesError extends DomainError {
  readonly status = 409;
  constructor() {
    super('Añade al menos un caso de prueba antes de probar una versión.');
  }
}

/** Someone who may see the agent but did not create it (a private agent is AgentNotFoundError instead). */
export class PromptForbiddenError extends DomainError {
  readonly status = 403;
  constructor() {
    super('Solo el creador del agente o un administrador puede ver o cambiar su prompt.');
  }
}
