import { DomainError } from '../../common/errors/domain-error';

/** Also another user's export: its existence does not show. */
export class DataExportNotFoundError extends DomainError {
  readonly status = 404;
  constructor() {
    super('Exportación no encontrada');
  }
}

/** One export a day; `retryAfter`: seconds until the next one may be asked (the Retry-After header). */
export class DataExportLimitError extends DomainError {
  readonly status = 429;
  readonly code = 'ExportLimit';
  constructor(readonly retryAfter: number) {
    super(`Ya pediste una exportación de tus datos en las últimas 24 horas. Podrás pedir otra dentro de ${waitText(retryAfter)}.`);
  }
}

export class DataExportNotReadyError extends DomainError {
  readonly status = 409;
  readonly code = 'ExportNotReady';
  constructor() {
    super('Tu exportación todavía no está lista para descargar.');
  }
}

export class DataExportExpiredError extends DomainError {
  readonly status = 410;
  readonly code = 'ExportExpired';
  constructor() {
    super('El enlace de descarga ha caducado: pasadas 24 horas, el archivo se borra. Puedes pedir una nueva exportación.');
  }
}

export class DataExportLinkError extends DomainError {
  readonly status = 403;
  readonly code = 'ExportLinkInvalid';
  constructor() {
    super('El enlace de descarga no es válido. Ábrelo desde \'Mi perfil\'.');
  }
}

function waitText(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  if (hours >= 1) return `${hours} ${hours === 1 ? 'hora' : 'horas'}`;
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
}
