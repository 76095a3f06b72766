import { DomainError } from '../../common/errors/domain-error';

export class ArticleNotFoundError extends DomainError {
  readonly status = 404;
  constructor() {
    super('Artículo no encontrado');
  }
}
