import { Injectable } from '@nestjs/common';
import type { UserRole } from './entities/identity-user.entity';
import { IdentityUsersService } from './services/identity-users.service';

/** Account administration for operators (the admin CLI); not reachable over HTTP. */
@Injectable()
export class IdentityAdminService {
  constructor(private readonly users: IdentityUsersService) {}

  /**
   * Gives the account with this e-mail the role. Tokens carry the role, so it shows from the
   * user's next token (sign-in or refresh). False when no account has the e-mail.
   */
  async setRoleByEmail(email: string, role: UserRole): Promise<boolean> {
    const result = await this.users.repository.update({ email: email.trim().toLowerCase() }, { role });
    return Boolean(result.affected);
  }
}
