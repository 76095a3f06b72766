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
 * What re-entering the credentials proved: both factors ('proven'), a wrong password, an
 * authenticator app that is on but whose code was not given ('code-required'), a wrong or expired
 * second-factor code, too many failures for now ('throttled'), or a sign-in whose second factor is
 * the e-mailed code, now sent ('email-code-sent'): it is answered with `proveEmailCode`.
 */
export type CredentialCheck =
  | { outcome: 'proven' | 'wrong-password' | 'code-required' | 'wrong-code' | 'throttled' }
  | { outcome: 'email-code-sent'; challenge: EmailCodeChallenge };

/** A sign-in waiting for the e-mailed code: the pool's `Session` and the username it named (both secret to the client). */
export interface EmailCodeChallenge {
  session: string;
  username: string;
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
  /** Whether the account is the only enabled admin (deleting it would leave the platform without one). */
  abstract isLastAdmin(sub: string): Promise<boolean>;
  /**
   * Signs in again with the account's e-mail and password (and the authenticator app's code when
   * it has one on; the e-mailed code is sent and answered by `proveEmailCode`), as the sign-in screen does, only to prove them: what it issues is ended with
   * the account's sessions by `endSessions`.
   */
  abstract proveCredentials(email: string, password: string, mfaCode: string | undefined, ip: string): Promise<CredentialCheck>;
  /** Answers the e-mailed code of a sign-in `proveCredentials` left waiting; a session the pool no longer knows is 'wrong-password' (sign in again). */
  abstract proveEmailCode(challenge: EmailCodeChallenge, code: string, ip: string): Promise<CredentialCheck>;
  /** Ends every session of the account now: no refresh token works and every token issued until now is refused, on every instance. */
  abstract endSessions(sub: string): Promise<void>;
  /** Deletes the account from the identity provider (the embedded pool's rows, or Cognito's AdminDeleteUser) after ending its sessions. */
  abstract erase(sub: string): Promise<void>;
}
