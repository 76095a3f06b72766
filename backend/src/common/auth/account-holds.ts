import type { DomainError } from '../errors/domain-error';

/**
 * Accounts the product holds back although their token is valid: one whose deletion is scheduled
 * answers only the routes marked `AllowedWhileDeleting` (the pending screen's), and every other
 * route refuses it with the error given here. Declared here for the auth guard, implemented by the
 * account-deletion module.
 */
export abstract class AccountHolds {
  /** The error every held route answers this account with; null when it is not held. */
  abstract refusal(sub: string): Promise<DomainError | null>;
}
