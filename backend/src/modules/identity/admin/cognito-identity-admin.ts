import {
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  type AttributeType,
  CognitoIdentityProviderClient,
  type CognitoIdentityProviderClientConfig,
  InitiateAuthCommand,
  ListUsersCommand,
  RespondToAuthChallengeCommand,
  type ChallengeNameType,
  type UserType,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import type { UserRole } from '../entities/identity-user.entity';
import type { AccountListQuery } from '../identity-admin.service';
import type { CognitoAccountStates } from './cognito-account-states';
import { proveByEmailCode, proveBySigningIn, type SignInSteps } from './credential-check';
import { LastAdminError } from './identity-admin.errors';
import { type AdminAccount, type CredentialCheck, type EmailCodeChallenge, IdentityAdminPort } from './identity-admin.port';

/** ListUsers answers at most 60 users a page. */
const PAGE = 60;

/**
 * An Amazon Cognito user pool through the official SDK (IAM credentials from the usual AWS chain;
 * `endpoint` for a VPC endpoint or, in tests, the embedded service). Cognito keeps the accounts;
 * we also keep what was changed here (CognitoAccountStates), because Cognito's id tokens stay
 * valid until they expire and the backend must refuse them at once.
 */
export class CognitoIdentityAdmin extends IdentityAdminPort {
  readonly provider = 'cognito' as const;
  private readonly client: CognitoIdentityProviderClient;

  constructor(
    private readonly userPoolId: string,
    private readonly clientId: string,
    clientConfig: CognitoIdentityProviderClientConfig,
    private readonly states: CognitoAccountStates,
  ) {
    super();
    this.client = new CognitoIdentityProviderClient(clientConfig);
  }

  /**
   * ListUsers can neither count nor skip, and filters by one attribute only: the pool is read
   * page by page (narrowed by e-mail prefix when searching), then filtered and paged here.
   */
  async list(query: AccountListQuery): Promise<{ rows: AdminAccount[]; total: number }> {
    const search = query.search?.trim().toLowerCase();
    const all: AdminAccount[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListUsersCommand({ UserPoolId: this.userPoolId, Limit: PAGE, PaginationToken: token }));
      all.push(...(page.Users ?? []).map((user) => toAccount(user, user.Attributes)));
      token = page.PaginationToken;
    } while (token);
    const matching = all
      .filter((account) => !search || [account.username, account.email, account.name ?? ''].some((text) => text.toLowerCase().includes(search)))
      .filter((account) => {
        if (query.status === 'disabled') return !account.enabled;
        if (query.status === 'unconfirmed') return account.enabled && account.status === 'UNCONFIRMED';
        if (query.status === 'confirmed') return account.enabled && account.status !== 'UNCONFIRMED';
        return true;
      })
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.sub.localeCompare(b.sub));
    return { rows: matching.slice((query.page - 1) * query.limit, query.page * query.limit), total: matching.length };
  }

  /** Cognito takes the sub as the username of a pool's own users. */
  async findBySub(sub: string): Promise<AdminAccount | null> {
    try {
      const user = await this.client.send(new AdminGetUserCommand({ UserPoolId: this.userPoolId, Username: sub }));
      return toAccount(user, user.UserAttributes);
    } catch (error) {
      if (error instanceof UserNotFoundException) return null;
      throw error;
    }
  }

  /** Disabling also signs the user out everywhere, so that their refresh and access tokens stop working too. */
  async setEnabled(sub: string, enabled: boolean): Promise<void> {
    const Username = sub;
    if (!enabled) await this.assertNotLastAdmin(sub);
    if (enabled) {
      await this.client.send(new AdminEnableUserCommand({ UserPoolId: this.userPoolId, Username }));
      await this.states.enable(sub);
      return;
    }
    await this.client.send(new AdminDisableUserCommand({ UserPoolId: this.userPoolId, Username }));
    await this.states.disable(sub);
    await this.client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: this.userPoolId, Username }));
  }

  /** The custom:role attribute; the user's sessions end, so that they sign in again with the new role. */
  async setRole(sub: string, role: UserRole): Promise<void> {
    const Username = sub;
    if (role !== 'admin') await this.assertNotLastAdmin(sub);
    await this.client.send(new AdminUpdateUserAttributesCommand({ UserPoolId: this.userPoolId, Username, UserAttributes: [{ Name: 'custom:role', Value: role }] }));
    await this.states.setRole(sub, role);
    await this.client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: this.userPoolId, Username }));
  }

  /** InitiateAuth and RespondToAuthChallenge of the app client (its own limits apply); the tokens it issues end with endSessions. */
  proveCredentials(email: string, password: string, mfaCode: string | undefined): Promise<CredentialCheck> {
    const ClientId = this.clientId;
    const initiate = () => this.client.send(new InitiateAuthCommand({ ClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }));
    return proveBySigningIn({ initiate, respond: this.respond }, email, mfaCode);
  }

  /** RespondToAuthChallenge EMAIL_OTP with the code Cognito e-mailed. */
  proveEmailCode(challenge: EmailCodeChallenge, code: string): Promise<CredentialCheck> {
    return proveByEmailCode({ respond: this.respond }, challenge, code);
  }

  private readonly respond: SignInSteps['respond'] = (challenge, Session, ChallengeResponses) =>
    this.client.send(new RespondToAuthChallengeCommand({ ClientId: this.clientId, ChallengeName: challenge as ChallengeNameType, Session, ChallengeResponses }));

  /** A global sign-out ends refresh and access tokens; the id tokens issued until now are refused here (CognitoAccountStates). */
  async endSessions(sub: string): Promise<void> {
    await this.states.endSessions(sub);
    await this.client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: this.userPoolId, Username: sub }));
  }

  /**
   * AdminDeleteUser, after ending the sessions. What admins changed here goes too: an id token
   * that is still within its hour is refused by the erased accounts' list (AccountHolds).
   */
  async erase(sub: string): Promise<void> {
    if (!(await this.findBySub(sub))) return this.states.forget(sub);
    await this.endSessions(sub);
    await this.client.send(new AdminDeleteUserCommand({ UserPoolId: this.userPoolId, Username: sub }));
    await this.states.forget(sub);
  }

  /**
   * Cognito has no transactions: the pool is counted just before the change, so two admins
   * demoting each other in the same instant could still both pass (the embedded pool locks).
   */
  private async assertNotLastAdmin(sub: string): Promise<void> {
    if (await this.isLastAdmin(sub)) throw new LastAdminError();
  }

  async isLastAdmin(sub: string): Promise<boolean> {
    const admins = (await this.list({ page: 1, limit: Number.MAX_SAFE_INTEGER })).rows.filter((account) => account.enabled && account.role === 'admin');
    return admins.some((account) => account.sub === sub) && admins.length <= 1;
  }
}

function toAccount(user: Pick<UserType, 'Username' | 'Enabled' | 'UserStatus' | 'UserCreateDate'>, attributes: AttributeType[] | undefined): AdminAccount {
  const attribute = (name: string) => attributes?.find((entry) => entry.Name === name)?.Value;
  return {
    sub: attribute('sub') ?? user.Username ?? '',
    username: user.Username ?? '',
    email: attribute('email') ?? '',
    name: attribute('name') ?? null,
    enabled: user.Enabled !== false,
    status: user.UserStatus ?? 'UNKNOWN',
    role: attribute('custom:role') === 'admin' ? 'admin' : 'user',
    createdAt: user.UserCreateDate ?? new Date(0),
  };
}
