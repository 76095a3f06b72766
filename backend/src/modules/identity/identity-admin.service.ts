import { Injectable } from '@nestjs/common';
import { Brackets } from 'typeorm';
import { LastAdminError } from './admin/identity-admin.errors';
import { AuthChallenge } from './entities/auth-challenge.entity';
import { IdentityUser, type UserRole } from './entities/identity-user.entity';
import { SignInThrottle } from './entities/sign-in-throttle.entity';
import { IdentityUsersService } from './services/identity-users.service';
import { TokenService } from './services/token.service';

export type AccountStateFilter = 'confirmed' | 'unconfirmed' | 'disabled';

export interface AccountListQuery {
  status?: AccountStateFilter;
  /** Contained in the username, e-mail or name, in any letter case. */
  search?: string;
  page: number;
  limit: number;
}

/** Account administration for operators: the admin CLI, and the admin module's /api-admin/users. */
@Injectable()
export class IdentityAdminService {
  constructor(
    private readonly users: IdentityUsersService,
    private readonly tokens: TokenService,
  ) {}

  /**
   * Gives the account with this e-mail the role and ends its sessions, so that no token still
   * carries the old role: the user signs in again with the new one. False when no account has
   * the e-mail; LastAdminError when it would leave no enabled admin.
   */
  setRoleByEmail(email: string, role: UserRole): Promise<boolean> {
    return this.change({ email: email.trim().toLowerCase() }, { role });
  }

  /** Disables the account (no sign-in, its sessions end at once) or enables it again. False when no account has the e-mail. */
  setEnabledByEmail(email: string, enabled: boolean): Promise<boolean> {
    return this.change({ email: email.trim().toLowerCase() }, { enabled });
  }

  /** The pool's accounts, newest first, narrowed by state and text. */
  async list(query: AccountListQuery): Promise<{ rows: IdentityUser[]; total: number }> {
    const builder = this.users.repository.createQueryBuilder('account');
    if (query.status === 'disabled') builder.andWhere('account.enabled = :enabled', { enabled: false });
    if (query.status === 'confirmed') builder.andWhere('account.enabled = :enabled AND account.status <> :unconfirmed', { enabled: true, unconfirmed: 'UNCONFIRMED' });
    if (query.status === 'unconfirmed') builder.andWhere('account.enabled = :enabled AND account.status = :unconfirmed', { enabled: true, unconfirmed: 'UNCONFIRMED' });
    const search = query.search?.trim().toLowerCase();
    if (search) {
      // LIKE wildcards typed by the admin are taken literally.
      const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      builder.andWhere(
        new Brackets((where) =>
          where
            .where("LOWER(account.username) LIKE :pattern ESCAPE '\\'", { pattern })
            .orWhere("LOWER(account.email) LIKE :pattern ESCAPE '\\'", { pattern })
            .orWhere("LOWER(COALESCE(account.name, '')) LIKE :pattern ESCAPE '\\'", { pattern }),
        ),
      );
    }
    const [rows, total] = await builder
      .orderBy('account.createdAt', 'DESC')
      .addOrderBy('account.sub', 'ASC')
      .skip((query.page - 1) * query.limit)
      .take(query.limit)
      .getManyAndCount();
    return { rows, total };
  }

  findByEmail(email: string): Promise<IdentityUser | null> {
    return this.users.repository.findOneBy({ email: email.trim().toLowerCase() });
  }

  findBySub(sub: string): Promise<IdentityUser | null> {
    return this.users.findBySub(sub);
  }

  /** Whether the account is the only enabled admin. */
  async isLastAdmin(sub: string): Promise<boolean> {
    const admins = await this.users.repository.find({ select: { sub: true }, where: { role: 'admin', enabled: true } });
    return admins.length === 1 && admins[0].sub === sub;
  }

  /** Like setRoleByEmail, by subject. False when no account has it. */
  setRoleBySub(sub: string, role: UserRole): Promise<boolean> {
    return this.change({ sub }, { role });
  }

  /** Like setEnabledByEmail, by subject. False when no account has it. */
  setEnabledBySub(sub: string, enabled: boolean): Promise<boolean> {
    return this.change({ sub }, { enabled });
  }

  /** Signs the account out everywhere (see TokenService.endAllSessions). */
  endSessions(sub: string): Promise<void> {
    return this.tokens.endAllSessions(sub);
  }

  /**
   * Deletes the account: its sessions end, then its row goes with its codes and refresh tokens
   * (ON DELETE CASCADE), its open sign-in challenges and its failure counts.
   */
  async erase(sub: string): Promise<void> {
    const user = await this.users.findBySub(sub);
    if (!user) return;
    await this.tokens.endAllSessions(sub);
    await this.users.repository.manager.transaction(async (manager) => {
      await manager.delete(AuthChallenge, { userSub: sub });
      await manager.delete(SignInThrottle, [{ key: `user:${sub}` }, { key: `name:${user.username}` }, { key: `name:${user.email}` }]);
      await manager.delete(IdentityUser, { sub });
    });
  }

  /**
   * Every change of role or state goes through here, whoever asks (the admin screen, the command
   * line, the Cognito-protocol Admin* calls): one that would leave no enabled admin is refused
   * (LastAdminError). The enabled admins are read and locked in the change's own transaction, so
   * that two admins demoting each other at once cannot both pass the count.
   */
  private async change(where: { sub: string } | { email: string }, changes: Partial<Pick<IdentityUser, 'role' | 'enabled'>>): Promise<boolean> {
    const changed = await this.users.repository.manager.transaction(async (manager) => {
      const accounts = manager.getRepository(IdentityUser);
      const user = await accounts.findOneBy(where);
      if (!user) return null;
      const removesAnAdmin = user.role === 'admin' && user.enabled && ((changes.role ?? 'admin') !== 'admin' || changes.enabled === false);
      if (removesAnAdmin) {
        const admins = accounts.createQueryBuilder('account').select('account.sub', 'sub').where('account.role = :role AND account.enabled = :enabled', { role: 'admin', enabled: true }).orderBy('account.sub');
        // SQLite transactions already run one at a time (exclusiveSqliteTransactions).
        if (manager.connection.options.type === 'postgres') admins.setLock('pessimistic_write');
        const others = (await admins.getRawMany<{ sub: string }>()).filter((admin) => admin.sub !== user.sub);
        if (others.length === 0) throw new LastAdminError();
      }
      await accounts.update({ sub: user.sub }, changes);
      return user;
    });
    if (!changed) return false;
    await this.tokens.endAllSessions(changed.sub);
    return true;
  }
}
