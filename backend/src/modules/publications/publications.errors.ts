import type { Logger } from '@nestjs/common';
import { DomainError } from '../../common/errors/domain-error';

export const INTERNAL_FAILURE = 'Error interno del servidor. Inténtalo de nuevo más tarde.';

/**
 * What a caller with a key is told of a call that failed once its answer had begun (a stream's
 * error event, an MCP tool's or an A2A task's failure): our errors' words, anything else logged.
 */
export function callFailureOf(error: unknown, logger: Logger): { message: string; statusCode: number } {
  if (error instanceof DomainError) return { message: error.message, statusCode: error.status };
  logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  return { message: INTERNAL_FAILURE, statusCode: 500 };
}

/** Also what another user sees for someone else's publication: its existence is not revealed. */
export class PublicationNotFoundError extends DomainError {
  readonly status = 404;
  constructor() {
    super('Publicación no encontrada.');
  }
}

export class PublicationForbiddenError extends DomainError {
  readonly status = 403;
  constructor() {
    super('Solo el creador del agente o un administrador puede publicarlo como API.');
  }
}

export class AlreadyPublishedError extends DomainError {
  readonly status = 409;
  readonly code = 'AlreadyPublished';
  constructor() {
    super('Este agente ya está publicado como API.');
  }
}

export class ApiKeyNotFoundError extends DomainError {
  readonly status = 404;
  constructor() {
    super('Clave de API no encontrada.');
  }
}

export class PinnedVersionNotFoundError extends DomainError {
  readonly status = 400;
  constructor(version: number) {
    super(`El agente no tiene la versión ${version} del prompt.`);
  }
}

export class InvalidExpiryError extends DomainError {
  readonly status = 400;
  constructor() {
    super('expiresAt debe ser una fecha futura.');
  }
}

/** The caps on making keys (API_KEYS_PER_PUBLICATION_MAX, API_KEYS_PER_ACCOUNT_MAX). */
/**
 * A buyer's month is billed as one Stripe subscription, which holds at most 20 prices: three per
 * agent (calls, tokens in, tokens out) make six agents. A seventh would go unbilled, so it is refused.
 */
export const MAX_BOUGHT_AGENTS = 6;

export class TooManyBoughtAgentsError extends DomainError {
  readonly status = 409;
  readonly code = 'TooManyBoughtAgents';
  constructor() {
    super(`Puedes tener claves de API de pago para ${MAX_BOUGHT_AGENTS} agentes a la vez como máximo. Borra las claves de uno que ya no uses para añadir otro.`);
  }
}

export class TooManyApiKeysError extends DomainError {
  readonly status = 409;
  readonly code = 'TooManyApiKeys';
  constructor(scope: 'publication' | 'account', max: number) {
    super(
      scope === 'publication'
        ? `Esta publicación ya tiene ${max} claves de API, el máximo. Revoca una que no uses para crear otra.`
        : `Tu cuenta ya tiene ${max} claves de API entre todas sus publicaciones, el máximo. Revoca una que no uses para crear otra.`,
    );
  }
}

export class KeyRateLimitTooHighError extends DomainError {
  readonly status = 400;
  constructor(max: number) {
    super(`rateLimitPerMinute no puede superar ${max} peticiones por minuto.`);
  }
}

// Calls with a key (/api/v1/…).

export class MissingApiKeyError extends DomainError {
  readonly status = 401;
  constructor() {
    super('Falta la clave de API: envíala en la cabecera «Authorization: Bearer <clave>» o «x-api-key».');
  }
}

export class InvalidApiKeyError extends DomainError {
  readonly status = 401;
  constructor() {
    super('La clave de API no es válida o ha sido revocada.');
  }
}

export class ExpiredApiKeyError extends DomainError {
  readonly status = 401;
  constructor() {
    super('La clave de API ha caducado.');
  }
}

export class KeyOfAnotherPublicationError extends DomainError {
  readonly status = 403;
  constructor() {
    super('Esta clave de API no es de la publicación de este agente.');
  }
}

export class PublicationDisabledError extends DomainError {
  readonly status = 404;
  constructor() {
    super('Este agente no está publicado como API o su publicación está desactivada.');
  }
}

export class OwnerAccountDisabledError extends DomainError {
  readonly status = 403;
  readonly code = 'AccountDisabled';
  constructor() {
    super('La cuenta dueña de esta clave de API está desactivada: sus claves no funcionan.');
  }
}

export class KeyRateLimitedError extends DomainError {
  readonly status = 429;
  readonly code = 'RateLimited';
  constructor(limit: number, retryAfter: number) {
    super(`Esta clave de API admite ${limit} peticiones por minuto. Vuelve a intentarlo dentro de ${retryAfter} ${retryAfter === 1 ? 'segundo' : 'segundos'}.`);
  }
}

/** RATE_LIMIT_API_MODEL_CALLS_PER_MINUTE: every key of one account together. */
export class OwnerModelCallsLimitedError extends DomainError {
  readonly status = 429;
  readonly code = 'RateLimited';
  constructor(limit: number, retryAfter: number) {
    super(
      `Las claves de API de esta cuenta admiten ${limit} consultas al modelo por minuto entre todas. Vuelve a intentarlo dentro de ${retryAfter} ${retryAfter === 1 ? 'segundo' : 'segundos'}.`,
    );
  }
}

export class MonthlyQuotaExceededError extends DomainError {
  readonly status = 429;
  readonly code = 'QuotaExceeded';
  constructor(kind: 'requests' | 'tokens', quota: number) {
    super(
      kind === 'requests'
        ? `Esta clave de API ha agotado su cuota mensual de ${quota} peticiones.`
        : `Esta clave de API ha agotado su cuota mensual de ${quota} tokens.`,
    );
  }
}

export class InvalidMessagesError extends DomainError {
  readonly status = 400;
  constructor(detail: string) {
    super(detail);
  }
}

/** One limit for every route: what the model is given to read in one call. */
export class CallTooLongError extends DomainError {
  readonly status = 400;
  constructor(max: number) {
    super(`La llamada no puede superar los ${max} caracteres entre la entrada, el contexto, los mensajes anteriores y las instrucciones.`);
  }
}

export class UnknownAgentModelError extends DomainError {
  readonly status = 404;
  readonly code = 'model_not_found';
  constructor(model: string) {
    super(`El modelo «${model}» no existe o esta clave de API no puede usarlo. Usa el id del agente publicado.`);
  }
}

/** The model failed a call with a key: the gateway's status, its message worded for an API caller. */
export class ModelCallFailedError extends DomainError {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** An A2A message must ask something in words: its text parts are the input. */
export class A2aMessageWithoutTextError extends DomainError {
  readonly status = 400;
  constructor() {
    super('El mensaje A2A debe llevar al menos una parte de texto con lo que se le pide al agente.');
  }
}

// Selling a publication's API to other developers (issue 36).

export class ApiNotForSaleError extends DomainError {
  readonly status = 404;
  constructor() {
    super('La API de este agente no está disponible para otros desarrolladores.');
  }
}

export class CardRequiredError extends DomainError {
  readonly status = 402;
  readonly code = 'CardRequired';
  constructor() {
    super('Añade una tarjeta para usar APIs de pago.');
  }
}

export class SpendCapReachedError extends DomainError {
  readonly status = 402;
  readonly code = 'SpendCapReached';
  constructor() {
    super('Has alcanzado el límite de gasto de esta clave.');
  }
}

/** An Idempotency-Key header that cannot be a key: the call is refused rather than charged without it. */
export class InvalidIdempotencyKeyError extends DomainError {
  readonly status = 400;
  constructor() {
    super('La cabecera Idempotency-Key debe tener entre 1 y 255 caracteres visibles (ASCII, sin espacios).');
  }
}

/** A retry of a call that was answered (and charged) already. */
export class IdempotentCallAnsweredError extends DomainError {
  readonly status = 409;
  readonly code = 'IdempotentCallAnswered';
  constructor() {
    super('Esta llamada ya se respondió y se cobró con esta Idempotency-Key; usa otra para una llamada nueva.');
  }
}

/** A retry that arrives while another try of the same call runs. */
export class IdempotentCallRunningError extends DomainError {
  readonly status = 409;
  readonly code = 'IdempotentCallRunning';
  constructor() {
    super('Otra petición con esta Idempotency-Key está en curso; espera a que termine.');
  }
}
