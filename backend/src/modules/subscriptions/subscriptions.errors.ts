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

/** What a creator may do to an agent that would leave its subscribers paying for nothing. */
export type AgentChange = 'free' | 'private' | 'delete';

/**
 * 409: the creator's change (making the agent free or private, or deleting it) waits until no
 * subscriber pays for the agent: they would go on paying for one that is free, or that they can no
 * longer use.
 */
export class AgentHasSubscribersError extends DomainError {
  readonly status = 409;
  readonly code = 'AgentHasSubscribers';
  static readonly messages: Record<AgentChange, (subscribers: number) => string> = {
    free: (subscribers) =>
      `No se puede hacer gratuito este agente mientras tenga suscriptores (${subscribers}): seguirían pagando por un agente gratuito. Podrás hacerlo cuando se hayan cancelado todas sus suscripciones.`,
    private: (subscribers) =>
      `No se puede hacer privado este agente mientras tenga suscriptores (${subscribers}), suyos o de ecosistemas que lo incluyen: seguirían pagando sin poder usarlo. Podrás hacerlo cuando se hayan cancelado todas esas suscripciones.`,
    delete: (subscribers) =>
      `No se puede eliminar este agente mientras tenga suscriptores (${subscribers}), suyos o de ecosistemas que lo incluyen: seguirían pagando sin poder usarlo. Podrás eliminarlo cuando se hayan cancelado todas esas suscripciones.`,
  };
  constructor(change: AgentChange, subscribers: number) {
    super(AgentHasSubscribersError.messages[change](subscribers));
  }
}
