import { DomainError } from '../../common/errors/domain-error';

/** 402: the card was declined; nothing was saved or charged. The text says why, in Spanish. */
export class PaymentDeclinedError extends DomainError {
  readonly status = 402;
  readonly code = 'PaymentDeclined';
  static readonly messages = {
    generic: 'La tarjeta ha sido rechazada. Prueba con otra tarjeta.',
    insufficientFunds: 'La tarjeta no tiene fondos suficientes. Prueba con otra tarjeta.',
    expired: 'La tarjeta ha caducado. Prueba con otra tarjeta.',
    incorrectCvc: 'El código de seguridad de la tarjeta no es correcto.',
    noCard: 'Añade una tarjeta antes de suscribirte.',
  } as const;
  constructor(reason: keyof typeof PaymentDeclinedError.messages = 'generic') {
    super(PaymentDeclinedError.messages[reason]);
  }
}

/** 502: the payment provider failed or could not be reached; our store is left as it was. */
export class PaymentProviderError extends DomainError {
  readonly status = 502;
  readonly code = 'PaymentProviderError';
  constructor(message = 'El servicio de pagos no está disponible. Vuelve a intentarlo más tarde.') {
    super(message);
  }
}

/** 400: a webhook whose signature (or timestamp) does not hold; nothing changes. */
export class WebhookSignatureError extends DomainError {
  readonly status = 400;
  readonly code = 'WebhookSignatureInvalid';
  constructor() {
    super('Firma del webhook no válida');
  }
}

/** 400: a payment-method id the provider does not know, or one that is not this customer's. */
export class PaymentMethodInvalidError extends DomainError {
  readonly status = 400;
  readonly code = 'PaymentMethodInvalid';
  static readonly messages = {
    unknown: 'El método de pago no es válido. Usa una de las tarjetas de prueba.',
    notOwned: 'El método de pago no pertenece a tu cuenta.',
  } as const;
  constructor(reason: keyof typeof PaymentMethodInvalidError.messages = 'unknown') {
    super(PaymentMethodInvalidError.messages[reason]);
  }
}

/** 404: the provider knows no such customer, product, price, subscription or connected account. */
export class PaymentResourceNotFoundError extends DomainError {
  readonly status = 404;
  readonly code = 'PaymentResourceNotFound';
  static readonly messages = {
    customer: 'No se encontró el cliente de pago',
    product: 'No se encontró el producto',
    price: 'No se encontró el precio',
    subscription: 'No se encontró suscripción',
    account: 'No se encontró la cuenta de cobro',
  } as const;
  constructor(resource: keyof typeof PaymentResourceNotFoundError.messages) {
    super(PaymentResourceNotFoundError.messages[resource]);
  }
}

/** 409: the provider refuses the change (e.g. pausing a cancelled subscription); nothing changed. */
export class SubscriptionUpdateRefusedError extends DomainError {
  readonly status = 409;
  readonly code = 'SubscriptionUpdateRefused';
  constructor() {
    super('Error al actualizar la suscripción');
  }
}

/** 409: an idempotency key already used for another request (another customer or price); nothing changed. */
export class IdempotencyKeyConflictError extends DomainError {
  readonly status = 409;
  readonly code = 'IdempotencyKeyConflict';
  constructor() {
    super('Esta solicitud ya se usó para otra operación. Vuelve a intentarlo.');
  }
}

/**
 * 409: the key's request already made a subscription, which has since been cancelled. Replaying it
 * would answer a cancelled subscription as if just made; subscribing again is a new request, with a
 * new key.
 */
export class IdempotencyKeyUsedError extends DomainError {
  readonly status = 409;
  readonly code = 'IdempotencyKeyUsed';
  constructor() {
    super('La suscripción que creó esta solicitud ya está cancelada. Para suscribirte de nuevo, envía una solicitud nueva (con otra clave Idempotency-Key).');
  }
}

/** 403: a customer, subscription or card of another user's (admins excepted). */
export class PaymentForbiddenError extends DomainError {
  readonly status = 403;
  readonly code = 'PaymentForbidden';
  constructor() {
    super('No puedes usar los datos de pago de otro usuario');
  }
}

/** 403: cancelling at once (not at the end of the paid period) is for administrators. */
export class ImmediateCancelForbiddenError extends DomainError {
  readonly status = 403;
  readonly code = 'ImmediateCancelForbidden';
  constructor() {
    super('Solo un administrador puede cancelar una suscripción al momento. Al cancelarla tú, sigue activa hasta el final del periodo pagado.');
  }
}

/** 404: the caller has no payment customer yet (POST /stripe/create-customer first). */
export class PaymentCustomerMissingError extends DomainError {
  readonly status = 404;
  readonly code = 'PaymentCustomerMissing';
  constructor() {
    super('Aún no tienes un cliente de pago. Añade primero tus datos de facturación.');
  }
}

/** 404: the stored subscription does not exist. */
export class StoredSubscriptionNotFoundError extends DomainError {
  readonly status = 404;
  readonly code = 'SubscriptionNotFound';
  constructor() {
    super('No se encontró suscripción');
  }
}

/** 502: pausing, resuming, cancelling or changing the plan failed at the gateway; the store is unchanged. */
export class SubscriptionUpdateFailedError extends DomainError {
  readonly status = 502;
  readonly code = 'SubscriptionUpdateFailed';
  constructor() {
    super('Error al actualizar la suscripción');
  }
}

/** 409: a transition the subscription's status does not allow (pause a paused one, resume an active one…). */
export class SubscriptionTransitionError extends DomainError {
  readonly status = 409;
  readonly code = 'SubscriptionTransitionInvalid';
  static readonly messages = {
    pause: 'Solo se puede pausar una suscripción activa',
    pauseEnding: 'Esta suscripción se cancelará al final del periodo. Reanúdala antes de pausarla.',
    resume: 'Solo se puede reanudar una suscripción pausada o que se va a cancelar',
    cancel: 'La suscripción ya está cancelada',
    change: 'Solo se puede cambiar el plan de una suscripción activa',
    changeEnding: 'Esta suscripción se cancelará al final del periodo. Reanúdala antes de cambiar de plan.',
    samePlan: 'La suscripción ya tiene ese plan',
    duplicate: 'Ya tienes una suscripción a este agente o ecosistema',
    otherItem: 'Solo puedes cambiar al precio actual del mismo agente o ecosistema. Para otro agente o ecosistema, cancela esta suscripción y suscríbete al nuevo.',
  } as const;
  constructor(reason: keyof typeof SubscriptionTransitionError.messages) {
    super(SubscriptionTransitionError.messages[reason]);
  }
}

/** 404: a price the catalogue does not sell (unknown, or an old one replaced by a new amount). */
export class PriceNotForSaleError extends DomainError {
  readonly status = 404;
  readonly code = 'PriceNotForSale';
  constructor() {
    super('Este precio no está a la venta. Vuelve a cargar el agente o el ecosistema para ver su precio actual.');
  }
}

/** 400: create-product / update-product name neither an agent nor an ecosystem (or both). */
export class ProductTargetError extends DomainError {
  readonly status = 400;
  readonly code = 'ProductTargetInvalid';
  constructor() {
    super('Indica agentId o ecosystemId (uno de los dos)');
  }
}
