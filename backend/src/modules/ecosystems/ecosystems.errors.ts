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

/** Issue 29: another creator's paid agent is sold in a user's ecosystem only with their consent. */
export class EcosystemAgentNotForResaleError extends DomainError {
  readonly status = 403;
  constructor(ids: string[]) {
    super(
      `Un ecosistema de pago solo puede incluir agentes de pago de otros creadores si estos lo permiten ('Se puede incluir en ecosistemas'): ${ids.join(', ')}`,
    );
  }
}

/** Issue 29: a bundle is never sold for less than what its agents' creators are owed for it. */
export class EcosystemPriceBelowCreatorsShareError extends DomainError {
  readonly status = 400;
  constructor(monthlyPrice: number, owed: number) {
    super(
      `El precio mensual del ecosistema (${euros(monthlyPrice)}, con el descuento) no puede ser menor que lo que se debe a los creadores de sus agentes (${euros(owed)} al mes).`,
    );
  }
}

const euros = (amount: number) => `${amount.toFixed(2).replace('.', ',')} €`;

export class EcosystemHighlightForbiddenError extends DomainError {
  readonly status = 403;
  constructor() {
    super('Solo un administrador puede destacar un ecosistema o cambiar su popularidad.');
  }
}

/** What an owner may do to an ecosystem that would leave its subscribers paying for nothing. */
export type EcosystemChange = 'free' | 'private';

/**
 * 409: an ecosystem is not made free or private while subscribers pay for it: they would go on
 * paying for a bundle that is free, or that they can no longer find.
 */
export class EcosystemHasSubscribersError extends DomainError {
  readonly status = 409;
  readonly code = 'EcosystemHasSubscribers';
  static readonly messages: Record<EcosystemChange, (subscribers: number) => string> = {
    free: (subscribers) =>
      `No se puede hacer gratuito este ecosistema mientras tenga suscriptores (${subscribers}): seguirían pagando por un ecosistema gratuito. Podrás hacerlo cuando se hayan cancelado todas sus suscripciones.`,
    private: (subscribers) =>
      `No se puede hacer privado este ecosistema mientras tenga suscriptores (${subscribers}). Podrás hacerlo cuando se hayan cancelado todas sus suscripciones.`,
  };
  constructor(change: EcosystemChange, subscribers: number) {
    super(EcosystemHasSubscribersError.messages[change](subscribers));
  }
}
