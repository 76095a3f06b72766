import { Injectable } from '@nestjs/common';
import { AgentsService } from '../agents/agents.service';
import type { AgentDto } from '../agents/dto/agent.dto';
import { type AdminAccount, IdentityAdminPort } from '../identity/admin/identity-admin.port';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { TeamsService } from '../teams/teams.service';
import { UsersService } from '../users/users.service';
import { AdminUserNotFoundError, SelfDisableError } from './admin.errors';
import { AuditLog } from '../audit/audit-log.service';
import type { AdminUserDto, AdminUserPageDto, AdminUsersQueryDto } from './dto/admin.dto';

/** /api-admin/users: the accounts of the identity provider (the embedded pool or Amazon Cognito), their state and role. */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly accounts: IdentityAdminPort,
    private readonly users: UsersService,
    private readonly agentsService: AgentsService,
    private readonly teams: TeamsService,
    private readonly audit: AuditLog,
  ) {}

  async list(admin: VerifiedIdentity, query: AdminUsersQueryDto): Promise<AdminUserPageDto> {
    const page = query.page ?? 1;
    const limit = query.limit ?? 20;
    const { rows, total } = await this.accounts.list({ status: query.status, search: query.search, page, limit });
    return { items: await Promise.all(rows.map((row) => this.toDto(admin, row))), total, page, limit };
  }

  /** The agents the user created and the ones in their team. */
  async agentsOf(admin: VerifiedIdentity, sub: string): Promise<{ created: AgentDto[]; team: Awaited<ReturnType<TeamsService['listAgents']>> }> {
    const account = await this.existing(sub);
    const [created, team] = await Promise.all([
      // Listings hand agents over already serialised, for the HTTP answer.
      this.agentsService.list(admin, { creator: account.sub }).then((listed) => listed.page.items.map((json) => JSON.parse(json) as AgentDto)),
      this.teams.listAgents(admin, account.sub),
    ]);
    return { created, team };
  }

  async setEnabled(admin: VerifiedIdentity, sub: string, enabled: boolean): Promise<AdminUserDto> {
    const account = await this.existing(sub);
    if (!enabled && account.sub === admin.sub) throw new SelfDisableError();
    const before = await this.toDto(admin, account);
    await this.accounts.setEnabled(account.sub, enabled);
    const after = await this.toDto(admin, await this.existing(sub));
    await this.audit.record({ actorSub: admin.sub, action: enabled ? 'user.enable' : 'user.disable', target: `user:${account.sub}`, before: { status: before.status }, after: { status: after.status } });
    return after;
  }

  async setRole(admin: VerifiedIdentity, sub: string, role: 'admin' | 'user'): Promise<AdminUserDto> {
    const account = await this.existing(sub);
    if (account.role === role) return this.toDto(admin, account);
    await this.accounts.setRole(account.sub, role);
    const after = await this.toDto(admin, await this.existing(sub));
    await this.audit.record({ actorSub: admin.sub, action: 'user.role', target: `user:${account.sub}`, before: { role: account.role }, after: { role } });
    return after;
  }

  private async existing(sub: string): Promise<AdminAccount> {
    const account = await this.accounts.findBySub(sub);
    if (!account) throw new AdminUserNotFoundError();
    return account;
  }

  private async toDto(admin: VerifiedIdentity, account: AdminAccount): Promise<AdminUserDto> {
    let contactName: string | null = null;
    try {
      contactName = (await this.users.registration(admin, account.sub)).contactName ?? null;
    } catch {
      // No registration yet: the product knows no contact name.
    }
    return {
      id: account.sub,
      username: account.username,
      email: account.email,
      contactName: contactName ?? account.name ?? null,
      status: !account.enabled ? 'disabled' : account.status === 'UNCONFIRMED' ? 'unconfirmed' : 'confirmed',
      role: account.role,
      createdAt: new Date(account.createdAt).toISOString(),
    };
  }
}
