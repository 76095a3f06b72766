import { DomainError } from '../../common/errors/domain-error';

export const SERVER_RESTARTING = 'El servidor se está reiniciando. Vuelve a intentarlo en unos segundos.';

/** A new event stream asked for after SIGTERM: it would only hold the shutdown back. */
export class ServerRestartingError extends DomainError {
  readonly status = 503;
  override readonly code = 'ServerRestarting';

  constructor() {
    super(SERVER_RESTARTING);
  }
}
