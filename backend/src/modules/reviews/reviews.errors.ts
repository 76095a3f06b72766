import { DomainError } from '../../common/errors/domain-error';

export class NotUsedError extends DomainError {
  readonly status = 403;
  readonly code = 'NotUsed';
  constructor() {
    super('Solo puedes valorar agentes que has usado.');
  }
}

export class OwnAgentReviewError extends DomainError {
  readonly status = 403;
  readonly code = 'OwnAgent';
  constructor() {
    super('No puedes valorar tus propios agentes.');
  }
}

/** Also a hidden review, or one whose author's account is disabled: it does not show. */
export class ReviewNotFoundError extends DomainError {
  readonly status = 404;
  constructor() {
    super('Valoración no encontrada');
  }
}

export class CreatorNotFoundError extends DomainError {
  readonly status = 404;
  constructor() {
    super('Creador no encontrado');
  }
}

export class NoOwnReviewError extends DomainError {
  readonly status = 404;
  constructor() {
    super('No has valorado este agente.');
  }
}

export class NotAgentCreatorError extends DomainError {
  readonly status = 403;
  constructor() {
    super('Solo el creador del agente puede responder a sus valoraciones.');
  }
}

export class AlreadyReportedError extends DomainError {
  readonly status = 409;
  readonly code = 'AlreadyReported';
  constructor(target: 'agent' | 'review') {
    super(target === 'agent' ? 'Ya has denunciado este agente.' : 'Ya has denunciado esta valoración.');
  }
}

export class ReportNotFoundError extends DomainError {
  readonly status = 404;
  constructor() {
    super('Denuncia no encontrada');
  }
}

export class ReportAlreadyResolvedError extends DomainError {
  readonly status = 409;
  readonly code = 'ReportResolved';
  constructor() {
    super('Esta denuncia ya está resuelta.');
  }
}

export class ActionNotForTargetError extends DomainError {
  readonly status = 400;
  constructor(action: 'hide' | 'unpublish') {
    super(action === 'hide' ? 'Solo se puede ocultar una valoración denunciada.' : 'Solo se puede despublicar un agente denunciado.');
  }
}
