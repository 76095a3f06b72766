import { DomainError } from '../../common/errors/domain-error';

/**
 * 409 with `code: 'SubscriptionPaused'`: the caller's subscription to this agent is paused. The
 * renderer opens the 'Suscripción Pausada' (resume) modal on this code.
 */
export class SubscriptionPausedError extends DomainError {
  readonly status = 409;
  readonly code = 'SubscriptionPaused';
  constructor() {
    super('Suscripción Pausada');
  }
}

/** 403 with `code: 'SubscriptionRequired'`: no active subscription (individual or bundle) to this agent. */
export class SubscriptionRequiredError extends DomainError {
  readonly status = 403;
  readonly code = 'SubscriptionRequired';
  constructor() {
    super('Necesitas una suscripción activa para chatear con este agente.');
  }
}
