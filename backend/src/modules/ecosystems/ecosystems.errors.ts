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
