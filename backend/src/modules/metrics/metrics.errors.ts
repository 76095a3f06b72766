import { DomainError } from '../../common/errors/domain-error';

/** The metrics module's refusals (GET /metrics). */
export abstract class MetricsError extends DomainError {}

/** No METRICS_TOKEN and no METRICS_PORT: nobody may scrape, rather than everybody. */
export class MetricsDisabledError extends MetricsError {
  readonly status = 401;
  override readonly code = 'MetricsDisabled';
  constructor() {
    super('Las métricas están desactivadas: configura METRICS_TOKEN (o METRICS_PORT) en el servidor.');
  }
}

export class MetricsTokenError extends MetricsError {
  readonly status = 401;
  override readonly code = 'MetricsToken';
  constructor() {
    super('Falta el token de las métricas o no es válido (Authorization: Bearer <METRICS_TOKEN>).');
  }
}

/** With METRICS_PORT the main port does not serve them. */
export class MetricsElsewhereError extends MetricsError {
  readonly status = 404;
  constructor() {
    super('Las métricas no se sirven en este puerto.');
  }
}

/** In a cluster, a worker that did not answer the primary in time (one still starting, say). */
export class MetricsUnavailableError extends MetricsError {
  readonly status = 503;
  constructor() {
    super('No se pudieron reunir las métricas de todos los procesos. Vuelve a intentarlo en unos segundos.');
  }
}
