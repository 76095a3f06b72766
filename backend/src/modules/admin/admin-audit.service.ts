import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log.service';
import type { AuditEntryDto } from '../audit/dto/audit.dto';
import { AdminReadModel } from './admin-read-model';
import type { AdminAuditPageDto } from './dto/admin-responses.dto';

/** Fields of a row's before/after that hold an id, by what they name. */
const USER_FIELDS = ['userSub', 'creatorSub', 'subscriberSub'];
const AGENT_FIELDS = ['agentId'];
const ECOSYSTEM_FIELDS = ['ecosystemId'];
const ACCOUNT_FIELDS = ['accountId', 'destinationAccountId'];

/** What a row's target (`kind:id`) names. */
type TargetKind = 'user' | 'agent' | 'ecosystem' | 'subscription' | 'creator-account' | 'ledger-entry';

/**
 * GET /api-admin/audit: a page of the log with the names of what it mentions, so the screen shows
 * 'ana@example.com' and 'Asesor Fiscal' instead of ids: the actors, the targets and the ids inside
 * before and after. A name is what the thing is called now (a deleted agent has none: its id stays).
 */
@Injectable()
export class AdminAuditService {
  constructor(
    private readonly audit: AuditLog,
    private readonly reads: AdminReadModel,
  ) {}

  async page(page: number, limit: number): Promise<AdminAuditPageDto> {
    const result = await this.audit.page(page, limit);
    return { ...result, names: await this.namesFor(result.items) };
  }

  private async namesFor(entries: AuditEntryDto[]): Promise<Record<string, string>> {
    const ids: Record<TargetKind, Set<string>> = {
      user: new Set(),
      agent: new Set(),
      ecosystem: new Set(),
      subscription: new Set(),
      'creator-account': new Set(),
      'ledger-entry': new Set(),
    };
    for (const entry of entries) {
      if (entry.actorSub && entry.actorSub !== 'system') ids.user.add(entry.actorSub);
      const separator = entry.target.indexOf(':');
      const kind = entry.target.slice(0, separator) as TargetKind;
      if (separator > 0 && kind in ids) ids[kind].add(entry.target.slice(separator + 1));
      for (const state of [entry.before, entry.after]) {
        if (!state) continue;
        const collect = (fields: string[], into: Set<string>) => {
          for (const field of fields) {
            const value = state[field];
            if (typeof value === 'string' && value) into.add(value);
          }
        };
        collect(USER_FIELDS, ids.user);
        collect(AGENT_FIELDS, ids.agent);
        collect(ECOSYSTEM_FIELDS, ids.ecosystem);
        collect(ACCOUNT_FIELDS, ids['creator-account']);
      }
    }

    // Subscriptions and payout accounts are named after who holds them (and what was bought).
    const [subscriptions, accounts, ledger] = await Promise.all([
      this.reads.subscriptionParties([...ids.subscription]),
      this.reads.accountOwners([...ids['creator-account']]),
      this.reads.ledgerNames([...ids['ledger-entry']]),
    ]);
    for (const party of subscriptions.values()) {
      ids.user.add(party.userSub);
      if (party.agentId) ids.agent.add(party.agentId);
      if (party.ecosystemId) ids.ecosystem.add(party.ecosystemId);
    }
    for (const owner of accounts.values()) ids.user.add(owner);

    const [users, agents, ecosystems] = await Promise.all([
      this.reads.userNames([...ids.user]),
      this.reads.agentNames([...ids.agent]),
      this.reads.ecosystemNames([...ids.ecosystem]),
    ]);
    const names: Record<string, string> = {};
    for (const map of [users, agents, ecosystems, ledger]) for (const [id, name] of map) names[id] = name;
    for (const [id, party] of subscriptions) {
      const item = (party.ecosystemId && ecosystems.get(party.ecosystemId)) || (party.agentId && agents.get(party.agentId)) || null;
      const holder = users.get(party.userSub) ?? null;
      if (item || holder) names[id] = [item, holder].filter(Boolean).join(' · ');
    }
    for (const [accountId, owner] of accounts) {
      const holder = users.get(owner);
      if (holder) names[accountId] = holder;
    }
    return names;
  }
}
