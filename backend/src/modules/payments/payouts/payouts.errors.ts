import { DomainError } from '../../../common/errors/domain-error';

/** 403: another user's earnings or connected account (admins excepted). */
export class EarningsForbiddenError extends DomainError {
  readonly status = 403;
  readonly code = 'EarningsForbidden';
  constructor() {
    super('No puedes ver los ingresos de otro usuario');
  }
}
