import { DomainError } from '../../../common/errors/domain-error';

export class InvalidPriceRangeError extends DomainError {
  readonly status = 400;
  constructor() {
    super('maxPrice debe ser mayor o igual que minPrice');
  }
}
