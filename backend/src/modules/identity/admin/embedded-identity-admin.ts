import type { IdentityUser, UserRole } from '../entities/identity-user.entity';
import type { AccountListQuery, IdentityAdminService } from '../identity-admin.service';
import type { SignInService } from '../services/sign-in.service';
import { proveByEmailCode, proveBySigningIn, type SignInSteps } from './credential-check';
import { type AdminAccount, type CredentialCheck, type EmailCodeChallenge, IdentityAdminPort } from './identity-admin.port';

/** The embedded pool: our own tables; a change ends the account's sessions at once (TokenService). */
export class EmbeddedIdentityAdmin extends IdentityAdminPort {
  readonly provider = 'embedded' as const;

  constructor(
    private readonly accounts: IdentityAdminService,
    private readonly signIn: SignInService,
    private readonly clientId: string,
  ) {
    super();
  }

  async list(query: AccountListQuery): Promise<{ rows: AdminAccount[]; total: number }> {
    const { rows, total } = await this.accounts.list(query);
    return { rows: rows.map(toAccount), total };
  }

  async findBySub(sub: string): Promise<AdminAccount | null> {
    const user = await this.accounts.findBySub(sub);
    return user ? toAccount(user) : null;
  }

  async setEnabled(sub: string, enabled: boolean): Promise<void> {
    await this.accounts.setEnabledBySub(sub, enabled);
  }

  async setRole(sub: string, role: UserRole): Promise<void> {
    await this.accounts.setRoleBySub(sub, role);
  }

  isLastAdmin(sub: string): Promise<boolean> {
    return this.accounts.isLastAdmin(sub);
  }

  proveCredentials(email: string, password: string, mfaCode: string | undefined, ip: string): Promise<CredentialCheck> {
    const ClientId = this.clientId;
    const initiate = () => this.signIn.initiateAuth({ ClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }, { ip });
    return proveBySigningIn({ initiate, respond: this.respond(ip) }, email, mfaCode);
  }

  proveEmailCode(challenge: EmailCodeChallenge, code: string, ip: string): Promise<CredentialCheck> {
    return proveByEmailCode({ respond: this.respond(ip) }, challenge, code);
  }

  private respond(ip: string): SignInSteps['respond'] {
    return (ChallengeName, Session, ChallengeResponses) => this.signIn.respondToAuthChallenge({ ClientId: this.clientId, ChallengeName, Session, ChallengeResponses }, { ip });
  }

  endSessions(sub: string): Promise<void> {
    return this.accounts.endSessions(sub);
  }

  erase(sub: string): Promise<void> {
    return this.accounts.erase(sub);
  }
}

function toAccount(user: IdentityUser): AdminAccount {
  return {
    sub: user.sub,
    username: user.username,
    email: user.email,
    name: user.name,
    enabled: user.enabled,
    status: user.status,
    role: user.role,
    createdAt: new Date(user.createdAt),
  };
}
