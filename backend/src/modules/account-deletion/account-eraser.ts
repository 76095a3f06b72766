import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { AgentsService } from '../agents/agents.service';
import { FilesService } from '../files/files.service';
import { IdentityAdminPort } from '../identity/admin/identity-admin.port';
import { PaymentsService } from '../payments/payments.service';
import { AccountHoldsService, subDigest } from './account-holds.service';
import { AccountDeletion } from './entities/account-deletion.entity';
import { ErasedAccount } from './entities/erased-account.entity';

/** How long an erased account's leftover tokens are refused: longer than any token lives (an hour). */
const ERASED_TOKENS_REFUSED_MS = 2 * 60 * 60 * 1000;

/** The server's own admin rights, for the steps that go through other modules as an admin would. */
const SYSTEM: VerifiedIdentity = { sub: 'system', username: 'system', email: '', role: 'admin' };

/**
 * What the account kept in other modules' tables, by the column that names it. Its agents' rows
 * not listed (knowledge, tools, prompt versions and test cases, team links) go with the agent
 * (ON DELETE CASCADE); these are by agent_id without such a link.
 */
const ROWS_OF_ITS_AGENTS = ['agent_reviews', 'agent_reports', 'agent_usage', 'agent_creator_drafts'] as const;

const ROWS_OF_THE_ACCOUNT: ReadonlyArray<readonly [table: string, column: string]> = [
  ['agent_creator_drafts', 'user_sub'],
  ['assistant_prompts', 'user_sub'],
  ['collaboration_sessions', 'user_sub'],
  ['collaboration_flows', 'owner_sub'],
  ['ecosystem_replies', 'user_sub'],
  ['user_agents', 'user_id'],
  ['user_ecosystems', 'user_id'],
  ['contact_messages', 'user_sub'],
  ['demo_gateway_accounts', 'user_sub'],
  ['data_exports', 'user_sub'],
  ['account_deletion_code_challenges', 'sub'],
  ['user_profiles', 'id'],
];

/**
 * Erases an account (issue 37, 'What erasure means'; README 'Eliminar mi cuenta'). Steps with an
 * outside effect go through their modules: public agents leave the marketplace as moderation takes
 * them out, subscriptions end and the gateway's customer is deleted (PaymentsService), agents are
 * deleted as an admin deletes them, files leave the storage (FilesService), and the identity goes
 * from the pool or Cognito (IdentityAdminPort). The rest of what the account kept across the other
 * modules' tables is deleted here in one transaction, from a list that the every-table spec
 * (backend/test/account-deletion) checks against the whole database. Kept, as accounting law
 * requires: the earnings ledger, the stored subscriptions (payments) and the audit chain, which
 * name the account by its subject id only, under a pseudonym instead of its name and e-mail; the
 * creator's connected account (creator_accounts: the subject id, the gateway's account id and its
 * flags, no name nor e-mail), so that bundle shares still owed are transferred to it; the
 * ratings of its reviews, still counted, without their text.
 */
@Injectable()
export class AccountEraser {
  private readonly logger = new Logger('AccountEraser');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly accounts: IdentityAdminPort,
    private readonly agents: AgentsService,
    private readonly payments: PaymentsService,
    private readonly files: FilesService,
    private readonly holds: AccountHoldsService,
  ) {}

  /** 'usuario-eliminado-…': the same for one account every time, and nothing that leads back to it. */
  static pseudonymOf(sub: string): string {
    return `usuario-eliminado-${createHash('sha256').update(`pseudonym:${sub}`).digest('hex').slice(0, 12)}`;
  }

  async erase(sub: string): Promise<void> {
    const account = await this.accounts.findBySub(sub);
    const pseudonym = AccountEraser.pseudonymOf(sub);
    // From now on a token of the account is refused here, and on every instance once its sessions end.
    await this.dataSource.getRepository(ErasedAccount).save({ subDigest: subDigest(sub), forgetAfter: new Date(Date.now() + ERASED_TOKENS_REFUSED_MS) });
    this.holds.forgetLocally(sub);
    if (account) await this.accounts.endSessions(sub);

    const agentIds = await this.agents.ownedIds({ ...SYSTEM, sub });
    for (const agentId of agentIds) await this.agents.unpublishForModeration(agentId);
    await this.payments.closeAccount(sub, agentIds, pseudonym);

    const fileIds = await this.idsOf('files', 'owner_sub', sub);
    await this.dataSource.transaction(async (manager) => {
      if (agentIds.length > 0) {
        const publicationIds = await this.idsOf('api_publications', 'agent_id', agentIds, manager);
        if (publicationIds.length > 0) {
          const keyIds = await this.idsOf('api_keys', 'publication_id', publicationIds, manager);
          if (keyIds.length > 0) await this.remove(manager, 'agent_usage', 'user_key', keyIds.map((id) => `key:${id}`));
          await this.remove(manager, 'api_key_usage', 'publication_id', publicationIds);
          await this.remove(manager, 'api_keys', 'publication_id', publicationIds);
          await this.remove(manager, 'api_publications', 'id', publicationIds);
        }
        for (const table of ROWS_OF_ITS_AGENTS) await this.remove(manager, table, 'agent_id', agentIds);
      }
      const conversationIds = await this.idsOf('conversations', 'user_sub', sub, manager);
      if (conversationIds.length > 0) {
        await this.remove(manager, 'conversation_attachments', 'conversation_id', conversationIds);
        await this.remove(manager, 'messages', 'conversation_id', conversationIds);
        await this.remove(manager, 'conversations', 'id', conversationIds);
      }
      if (fileIds.length > 0) await this.remove(manager, 'attachment_texts', 'file_id', fileIds);
      const ecosystemIds = await this.idsOf('ecosystems', 'owner_sub', sub, manager);
      if (ecosystemIds.length > 0) {
        await this.remove(manager, 'user_ecosystems', 'ecosystem_id', ecosystemIds);
        await this.remove(manager, 'ecosystems', 'id', ecosystemIds);
      }
      for (const [table, column] of ROWS_OF_THE_ACCOUNT) await this.remove(manager, table, column, [sub]);
      await this.remove(manager, 'agent_usage', 'user_key', [`user:${sub}`]);
      if (account) await this.remove(manager, 'contact_messages', 'email', [account.email]);
      // Reviews and reports stay counted, their text gone, under the pseudonym (set by the tables' property names).
      await manager.createQueryBuilder().update('agent_reviews').set({ authorSub: pseudonym, authorHandle: pseudonym, comment: null }).where('author_sub = :sub', { sub }).execute();
      await manager.createQueryBuilder().update('agent_reports').set({ reporterSub: pseudonym, reporterHandle: pseudonym, details: '' }).where('reporter_sub = :sub', { sub }).execute();
      // Keys bought for other creators' agents stop for good; their usage stays, for the creators' revenue, under the pseudonym.
      await manager
        .createQueryBuilder()
        .update('api_keys')
        .set({ buyerSub: pseudonym, buyerUsername: pseudonym, revokedAt: new Date() })
        .where('buyer_sub = :sub', { sub })
        .execute();
      // Their API invoices are accounting records, kept like their subscriptions, under the pseudonym; what billing kept to charge them goes.
      await manager.createQueryBuilder().update('api_invoices').set({ buyerSub: pseudonym }).where('buyer_sub = :sub', { sub }).execute();
      await this.remove(manager, 'api_billing_accounts', 'buyer_sub', [sub]);
      await this.remove(manager, 'api_buyer_suspensions', 'buyer_sub', [sub]);
    });
    // Agents go as an admin deletes them (their prompts' versions and team links with them).
    for (const agentId of agentIds) await this.agents.remove(SYSTEM, agentId);
    for (const fileId of fileIds) await this.files.remove(fileId);
    await this.accounts.erase(sub);
    await this.dataSource.getRepository(AccountDeletion).delete({ sub });
    this.holds.forgetLocally(sub);
    this.logger.log(`Cuenta borrada: ${pseudonym}`);
  }

  private async idsOf(table: string, column: string, values: string | readonly string[], manager: EntityManager = this.dataSource.manager): Promise<string[]> {
    const list = typeof values === 'string' ? [values] : values;
    const rows = await manager.createQueryBuilder().select('t.id', 'id').from(table, 't').where(`t.${column} IN (:...list)`, { list }).getRawMany<{ id: string }>();
    return rows.map((row) => row.id);
  }

  /** Each table named here has its module's entity, through which TypeORM names it in the configured schema. */
  private async remove(manager: EntityManager, table: string, column: string, values: readonly string[]): Promise<void> {
    await manager.createQueryBuilder().delete().from(table).where(`${column} IN (:...values)`, { values }).execute();
  }
}
