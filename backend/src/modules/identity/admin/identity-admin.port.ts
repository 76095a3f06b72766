import type { AccountListQuery } from '../identity-admin.service';
import type { UserRole } from '../entities/identity-user.entity';

/** An account as the admin area sees it, from the embedded pool or from Amazon Cognito. */
export interface AdminAccount {
  sub: string;
  username: string;
  email: string;
  name: string | null;
  enabled: boolean;
  /** Cognito's UserStatus: UNCONFIRMED, CONFIRMED, RESET_REQUIRED, FORCE_CHANGE_PASSWORD… */
  status: string;
  role: UserRole;
  createdAt: Date;
}

/**
 * Account administration, whichever the identity provider: the embedded pool (our tables) or an
 * Amazon Cognito user pool (AdminDisableUser, AdminEnableUser, AdminUpdateUserAttributes
 * custom:role, AdminUserGlobalSignOut). Every change ends the account's sessions, so that no
 * token keeps the old state: the user signs in again.
 */
export abstract class IdentityAdminPort {
  abstract readonly provider: 'embedded' | 'cognito';
  abstract list(query: AccountListQuery): Promise<{ rows: AdminAccount[]; total: number }>;
  abstract findBySub(sub: string): Promise<AdminAccount | null>;
  /** LastAdminError when it would disable the only enabled admin. */
  abstract setEnabled(sub: string, enabled: boolean): Promise<void>;
  /** LastAdminError when it would demote the only enabled admin. */
  abstract setRole(sub: string, role: UserRole): Promise<void>;
}
