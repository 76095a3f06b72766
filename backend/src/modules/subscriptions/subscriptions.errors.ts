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

/** 403 with `code: 'SubscriptionPastDue'`: the subscription's last payment failed; chat is refused until it is paid. */
export class SubscriptionPastDueError extends DomainError {
  readonly status = 403;
  readonly code = 'SubscriptionPastDue';
  constructor() {
    super('El último pago de tu suscripción ha fallado. Actualiza tu método de pago para seguir chateando con este agente.');
  }
}

/** 400: a stored-subscription lookup without the user or the agent (spec section 5). */
export class SubscriptionLookupIncompleteError extends DomainError {
  readonly status = 400;
  readonly code = 'SubscriptionLookupIncomplete';
  constructor() {
    super('Nombre de usuario o ID de agente no proporcionados');
  }
}

/** 403: a user id that is not the caller's (and the caller is not an admin). */
export class SubscriptionOfAnotherUserError extends DomainError {
  readonly status = 403;
  readonly code = 'ForbiddenUser';
  constructor() {
    super('No puedes consultar las suscripciones de otro usuario');
  }
}
