import { Injectable } from '@nestjs/common';
import type { IdentityUser, UserRole } from './entities/identity-user.entity';
import { IdentityUsersService } from './services/identity-users.service';
import { TokenService } from './services/token.service';

/** Account administration for operators (the admin CLI); not reachable over HTTP. */
@Injectable()
export class IdentityAdminService {
  constructor(
    private readonly users: IdentityUsersService,
    private readonly tokens: TokenService,
  ) {}

  /**
   * Gives the account with this e-mail the role and ends its sessions, so that no token still
   * carries the old role: the user signs in again with the new one. False when no account has
   * the e-mail.
   */
  setRoleByEmail(email: string, role: UserRole): Promise<boolean> {
    return this.change(email, { role });
  }

  /** Disables the account (no sign-in, its sessions end at once) or enables it again. False when no account has the e-mail. */
  setEnabledByEmail(email: string, enabled: boolean): Promise<boolean> {
    return this.change(email, { enabled });
  }

  private async change(email: string, changes: Partial<Pick<IdentityUser, 'role' | 'enabled'>>): Promise<boolean> {
    const user = await this.users.repository.findOneBy({ email: email.trim().toLowerCase() });
    if (!user) return false;
    await this.users.repository.update({ sub: user.sub }, changes);
    await this.tokens.endAllSessions(user.sub);
    return true;
  }
}
