import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** How a column reads back: drivers differ (SQLite gives booleans as 0/1 and dates as text, PostgreSQL decimals as text). */
type Kind = 'text' | 'number' | 'bool' | 'date' | 'json';
type Columns = Record<string, [column: string, kind: Kind]>;
export type ExportRow = Record<string, unknown>;

const text = (column: string): [string, Kind] => [column, 'text'];
const number = (column: string): [string, Kind] => [column, 'number'];
const bool = (column: string): [string, Kind] => [column, 'bool'];
const date = (column: string): [string, Kind] => [column, 'date'];
const json = (column: string): [string, Kind] => [column, 'json'];

/**
 * The columns each file of the export shows, named as the API names them. Lists, never `*`: a
 * column added later (a secret, a hash) stays out until someone decides it belongs to the user.
 * Left out on purpose: password hashes and SRP verifiers, API keys' digests and prefixes, tools'
 * credentials, refresh tokens, one-time codes, and anything of another user (their names in a
 * review or a report are not copied).
 */
const AGENT: Columns = {
  id: text('id'), name: text('name'), category: text('category'), description: text('description'), avatar: text('avatar'), skills: json('skills'),
  capabilities: json('capabilities'), useCases: json('use_cases'), price: number('price'), isPublic: bool('is_public'), moderationStatus: text('moderation_status'),
  temperature: number('temperature'), maxAnswerTokens: number('max_answer_tokens'), conversationStarters: json('conversation_starters'), modelId: text('model_id'), createdAt: date('created_at'), updatedAt: date('updated_at'),
};
const PROMPT_VERSION: Columns = { version: number('version'), name: text('name'), description: text('description'), prompt: text('prompt'), createdAt: date('created_at') };
const TEST_CASE: Columns = { id: text('id'), question: text('question'), expectationKind: text('expectation_kind'), expectationValue: text('expectation_value'), createdAt: date('created_at') };
const TEST_RUN: Columns = { version: number('version'), currentVersion: number('current_version'), total: number('total'), candidatePassed: number('candidate_passed'), currentPassed: number('current_passed'), ranAt: date('ran_at') };
const TOOL_SOURCE: Columns = { id: text('id'), type: text('type'), name: text('name'), url: text('url'), baseUrl: text('base_url'), authType: text('auth_type'), createdAt: date('created_at') };
const DOCUMENT: Columns = { id: text('id'), name: text('name'), mimeType: text('mime_type'), size: number('size'), status: text('status'), pages: number('pages'), createdAt: date('created_at') };
const PUBLICATION: Columns = { id: text('id'), agentId: text('agent_id'), name: text('name'), description: text('description'), enabled: bool('enabled'), pinnedVersion: number('pinned_version'), createdAt: date('created_at') };
const API_KEY: Columns = {
  id: text('id'), publicationId: text('publication_id'), name: text('name'), rateLimitPerMinute: number('rate_limit_per_minute'), monthlyRequestQuota: number('monthly_request_quota'),
  monthlyTokenQuota: number('monthly_token_quota'), allowConfirmedTools: bool('allow_confirmed_tools'), quotaMonth: text('quota_month'), quotaRequests: number('quota_requests'),
  quotaTokens: number('quota_tokens'), monthlySpendCap: number('monthly_spend_cap'), expiresAt: date('expires_at'), createdAt: date('created_at'), lastUsedAt: date('last_used_at'),
  revokedAt: date('revoked_at'),
};
const KEY_USAGE: Columns = { keyId: text('key_id'), day: text('day'), requests: number('requests'), errors: number('errors'), inputTokens: number('input_tokens'), outputTokens: number('output_tokens') };
const CONVERSATION: Columns = { id: text('id'), title: text('title'), metadata: json('metadata'), createdAt: date('created_at'), updatedAt: date('updated_at') };
const MESSAGE: Columns = {
  id: text('id'), role: text('role'), content: text('content'), timestamp: date('timestamp'), status: text('status'), modelId: text('model_id'),
  inputTokens: number('input_tokens'), outputTokens: number('output_tokens'), metadata: json('metadata'),
};
const ECOSYSTEM: Columns = {
  id: text('id'), name: text('name'), description: text('description'), category: text('category'), agentIds: json('agent_ids'), avatar: text('avatar'),
  price: number('price'), discount: number('discount'), isPublic: bool('is_public'), createdAt: date('created_at'),
};
const FLOW: Columns = { id: text('id'), name: text('name'), description: text('description'), nodes: json('nodes'), edges: json('edges'), createdAt: date('created_at'), updatedAt: date('updated_at') };
const SESSION: Columns = { id: text('id'), status: text('status'), query: text('query'), agents: json('agents'), finalResponse: text('final_response'), conversationId: text('conversation_id'), startTime: date('start_time'), endTime: date('end_time') };
const TEAM_AGENT: Columns = { agentId: text('agent_id'), name: text('name'), category: text('category'), addedAt: date('added_at') };
const TEAM_ECOSYSTEM: Columns = { ecosystemId: text('ecosystem_id'), name: text('name'), category: text('category'), addedAt: date('added_at') };
const API_INVOICE: Columns = {
  month: text('month'), status: text('status'), total: number('total'), currency: text('currency'), hostedInvoiceUrl: text('hosted_invoice_url'), lines: json('lines'), paidAt: date('paid_at'), createdAt: date('created_at'),
};
const SUBSCRIPTION: Columns = {
  subscriptionId: text('subscription_id'), status: text('status'), isBundle: bool('is_bundle'), agentId: text('agent_id'), agents: json('agents'), price: number('price'),
  cancelAtPeriodEnd: bool('cancel_at_period_end'), currentPeriodEnd: date('current_period_end'), createdAt: date('created_at'), finishedAt: date('finished_at'),
};
const PAYMENT: Columns = {
  subscriptionId: text('subscription_id'), period: text('period'), agentName: text('agent_name'), ecosystemName: text('ecosystem_name'), amount: number('payment_amount'),
  currency: text('currency'), provider: text('provider'), invoiceId: text('proration_invoice_id'), paidAt: date('paid_at'),
};
const EARNING: Columns = {
  period: text('period'), agentName: text('agent_name'), ecosystemName: text('ecosystem_name'), currency: text('currency'), gross: number('gross'), fee: number('fee'),
  net: number('net'), paidOut: bool('paid_out'), paidAt: date('paid_at'),
};
const REVIEW: Columns = { id: text('id'), agentId: text('agent_id'), rating: number('rating'), comment: text('comment'), hidden: bool('hidden'), createdAt: date('created_at'), updatedAt: date('updated_at') };
const REPLY: Columns = { reviewId: text('id'), agentId: text('agent_id'), reply: text('reply_text'), createdAt: date('reply_created_at') };
const REPORT: Columns = { id: text('id'), targetType: text('target_type'), targetId: text('target_id'), agentId: text('agent_id'), reason: text('reason'), details: text('details'), status: text('status'), createdAt: date('created_at') };
const CONTACT: Columns = { id: text('id'), section: text('section'), subject: text('subject'), message: text('message'), createdAt: date('created_at') };
const FILE: Columns = { id: text('id'), name: text('name'), contentType: text('content_type'), size: number('size'), createdAt: date('created_at') };
const PROFILE: Columns = { username: text('username'), email: text('email'), handle: text('handle'), contactName: text('contact_name'), createdAt: date('created_at'), updatedAt: date('updated_at') };
const ACCOUNT: Columns = { name: text('name'), emailVerified: bool('email_verified'), role: text('role'), totpEnabled: bool('totp_enabled'), emailMfaEnabled: bool('email_mfa_enabled'), createdAt: date('created_at') };
const CUSTOMER: Columns = { customerId: text('customer_id'), name: text('name'), email: text('email'), createdAt: date('created_at') };
const CREATOR_ACCOUNT: Columns = { provider: text('provider'), chargesEnabled: bool('charges_enabled'), payoutsEnabled: bool('payouts_enabled'), createdAt: date('created_at') };
const DRAFT: Columns = { conversationId: text('conversation_id'), agentId: text('agent_id'), draft: json('draft'), updatedAt: date('updated_at') };

/** One agent the user made, with what belongs to it. */
export interface ExportedAgent {
  agent: ExportRow;
  promptVersions: ExportRow[];
  testCases: ExportRow[];
  testRuns: ExportRow[];
  tools: ExportRow[];
  documents: ExportRow[];
  publications: ExportRow[];
}

export interface ExportedConversation {
  conversation: ExportRow;
  messages: ExportRow[];
  attachments: string[];
}

/**
 * Everything of one user's, read for their export (issue 37), across the modules' tables with
 * read-only SQL: like the admin dashboards' read model, it spans tables no one service covers and
 * changes nothing (docs/architecture.md). Every query is bounded by the user's id, directly or
 * through what they own (their agents, their publications, their conversations).
 */
@Injectable()
export class DataExportReadModel {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async profile(sub: string): Promise<{ profile: ExportRow | null; account: ExportRow | null; paymentCustomer: ExportRow | null; creatorAccount: ExportRow | null; assistantPrompt: string | null }> {
    const [profile] = await this.rows('user_profiles', PROFILE, 'id = :sub', { sub });
    const [account] = await this.rows('identity_users', ACCOUNT, 'sub = :sub', { sub });
    const [paymentCustomer] = await this.rows('payment_customers', CUSTOMER, 'user_sub = :sub', { sub });
    const [creatorAccount] = await this.rows('creator_accounts', CREATOR_ACCOUNT, 'user_sub = :sub', { sub });
    const [assistant] = await this.rows('assistant_prompts', { prompt: text('prompt') }, 'user_sub = :sub', { sub });
    return { profile: profile ?? null, account: account ?? null, paymentCustomer: paymentCustomer ?? null, creatorAccount: creatorAccount ?? null, assistantPrompt: (assistant?.prompt as string | undefined) ?? null };
  }

  async conversations(sub: string): Promise<ExportedConversation[]> {
    const conversations = await this.rows('conversations', CONVERSATION, 'user_sub = :sub', { sub }, 'created_at');
    return Promise.all(
      conversations.map(async (conversation) => ({
        conversation,
        messages: (await this.rows('messages', MESSAGE, 'conversation_id = :id', { id: conversation.id }, 'timestamp')).map(withoutToolLoop),
        attachments: (await this.rows('conversation_attachments', { fileId: text('file_id') }, 'conversation_id = :id', { id: conversation.id })).map((row) => row.fileId as string),
      })),
    );
  }

  async agents(sub: string): Promise<ExportedAgent[]> {
    const agents = await this.rows('agents', AGENT, 'owner_sub = :sub', { sub }, 'created_at');
    return Promise.all(
      agents.map(async (agent) => {
        const where = { id: agent.id };
        return {
          agent,
          promptVersions: await this.rows('agent_prompt_versions', PROMPT_VERSION, 'agent_id = :id', where, 'version'),
          testCases: await this.rows('agent_prompt_test_cases', TEST_CASE, 'agent_id = :id', where, 'created_at'),
          testRuns: await this.rows('agent_prompt_test_runs', TEST_RUN, 'agent_id = :id', where, 'version'),
          tools: await this.rows('tool_sources', TOOL_SOURCE, 'agent_id = :id', where, 'created_at'),
          documents: await this.rows('knowledge_documents', DOCUMENT, 'agent_id = :id', where, 'created_at'),
          publications: await this.rows('api_publications', PUBLICATION, 'agent_id = :id AND owner_sub = :sub', { ...where, sub }, 'created_at'),
        };
      }),
    );
  }

  /** A knowledge document's original bytes (the `content` column: bytea or blob), of an agent the user owns. */
  async documentContent(sub: string, documentId: string): Promise<Buffer | null> {
    const row = await this.dataSource
      .createQueryBuilder()
      .select('d.content', 'content')
      .from('knowledge_documents', 'd')
      .where(`d.id = :documentId AND d.agent_id IN ${this.subQuery('agents', 'owner_sub = :sub')}`, { documentId, sub })
      .getRawOne<{ content: Buffer | Uint8Array | null }>();
    return row?.content ? Buffer.from(row.content) : null;
  }

  /**
   * The user's API keys (never their digest or prefix), their daily use and the invoices of the keys they bought: those of their own
   * publications, and those they bought for other creators' agents. Keys their buyers bought for
   * the user's agents are the buyers', not theirs.
   */
  async apiKeys(sub: string): Promise<{ keys: ExportRow[]; usage: ExportRow[]; invoices: ExportRow[] }> {
    const ownPublications = this.subQuery('api_publications', 'owner_sub = :sub');
    const theirs = (alias: string) => `((${alias}publication_id IN ${ownPublications} AND ${alias}buyer_sub IS NULL) OR ${alias}buyer_sub = :sub)`;
    const keyIds = this.dataSource.createQueryBuilder().subQuery().select('k.id').from('api_keys', 'k').where(theirs('k.')).getQuery();
    return {
      keys: await this.rows('api_keys', API_KEY, theirs(''), { sub }, 'created_at'),
      usage: await this.rows('api_key_usage', KEY_USAGE, `key_id IN ${keyIds}`, { sub }, 'day'),
      invoices: await this.rows('api_invoices', API_INVOICE, 'buyer_sub = :sub', { sub }, 'month'),
    };
  }

  ecosystems(sub: string): Promise<ExportRow[]> {
    return this.rows('ecosystems', ECOSYSTEM, 'owner_sub = :sub', { sub }, 'created_at');
  }

  async collaboration(sub: string): Promise<{ flows: ExportRow[]; sessions: ExportRow[] }> {
    return { flows: await this.rows('collaboration_flows', FLOW, 'owner_sub = :sub AND is_template = :no', { sub, no: false }, 'created_at'), sessions: await this.rows('collaboration_sessions', SESSION, 'user_sub = :sub', { sub }, 'start_time') };
  }

  async team(sub: string): Promise<{ agents: ExportRow[]; ecosystems: ExportRow[] }> {
    return { agents: await this.rows('user_agents', TEAM_AGENT, 'user_id = :sub', { sub }, 'added_at'), ecosystems: await this.rows('user_ecosystems', TEAM_ECOSYSTEM, 'user_id = :sub', { sub }, 'added_at') };
  }

  async payments(sub: string): Promise<{ subscriptions: ExportRow[]; payments: ExportRow[]; earnings: ExportRow[] }> {
    return {
      subscriptions: await this.rows('subscriptions', SUBSCRIPTION, 'user_sub = :sub', { sub }, 'created_at'),
      payments: await this.rows('creator_ledger_entries', PAYMENT, 'subscriber_sub = :sub', { sub }, 'paid_at'),
      earnings: await this.rows('creator_ledger_entries', EARNING, 'creator_sub = :sub', { sub }, 'paid_at'),
    };
  }

  async written(sub: string): Promise<{ reviews: ExportRow[]; replies: ExportRow[]; reports: ExportRow[]; contactMessages: ExportRow[] }> {
    return {
      reviews: await this.rows('agent_reviews', REVIEW, 'author_sub = :sub', { sub }, 'created_at'),
      replies: await this.rows('agent_reviews', REPLY, `reply_text IS NOT NULL AND agent_id IN ${this.subQuery('agents', 'owner_sub = :sub')}`, { sub }, 'reply_created_at'),
      reports: await this.rows('agent_reports', REPORT, 'reporter_sub = :sub', { sub }, 'created_at'),
      contactMessages: await this.rows('contact_messages', CONTACT, 'user_sub = :sub', { sub }, 'created_at'),
    };
  }

  /** The agents the user used and when last, and their model use by month (their own messages' tokens). */
  async usage(sub: string): Promise<{ agents: ExportRow[]; byMonth: ExportRow[] }> {
    const agents = await this.rows('agent_usage', { agentId: text('agent_id'), lastUsedAt: date('last_used_at') }, 'user_key = :key', { key: `user:${sub}` }, 'last_used_at');
    const messages = await this.rows('messages', { timestamp: date('timestamp'), role: text('role'), inputTokens: number('input_tokens'), outputTokens: number('output_tokens') }, `conversation_id IN ${this.subQuery('conversations', 'user_sub = :sub')}`, { sub });
    const months = new Map<string, { month: string; questions: number; answers: number; inputTokens: number; outputTokens: number }>();
    for (const message of messages) {
      const month = String(message.timestamp).slice(0, 7);
      const entry = months.get(month) ?? { month, questions: 0, answers: 0, inputTokens: 0, outputTokens: 0 };
      if (message.role === 'user') entry.questions += 1;
      else entry.answers += 1;
      entry.inputTokens += Number(message.inputTokens ?? 0);
      entry.outputTokens += Number(message.outputTokens ?? 0);
      months.set(month, entry);
    }
    return { agents, byMonth: [...months.values()].sort((a, b) => a.month.localeCompare(b.month)) };
  }

  creatorDrafts(sub: string): Promise<ExportRow[]> {
    return this.rows('agent_creator_drafts', DRAFT, 'user_sub = :sub', { sub }, 'updated_at');
  }

  /** The files the user uploaded (avatars, attachments), except `without` (their exports' own ZIPs). */
  files(sub: string, without: readonly string[]): Promise<ExportRow[]> {
    return without.length === 0
      ? this.rows('files', FILE, 'owner_sub = :sub', { sub }, 'created_at')
      : this.rows('files', FILE, 'owner_sub = :sub AND id NOT IN (:...without)', { sub, without }, 'created_at');
  }

  /** `(SELECT id FROM table WHERE where)`, the table's name resolved by TypeORM (schema included); parameters come from the outer query. */
  private subQuery(table: string, where: string): string {
    return this.dataSource.createQueryBuilder().subQuery().select('s.id').from(table, 's').where(`s.${where}`).getQuery();
  }

  private async rows(table: string, columns: Columns, where: string, parameters: Record<string, unknown>, orderBy?: string): Promise<ExportRow[]> {
    const query = this.dataSource.createQueryBuilder().from(table, 't').where(where, parameters);
    const entries = Object.entries(columns);
    for (const [name, [column]] of entries) query.addSelect(`t.${column}`, name);
    if (orderBy) query.orderBy(`t.${orderBy}`, 'ASC');
    const raw = await query.getRawMany<Record<string, unknown>>();
    return raw.map((row) => Object.fromEntries(entries.map(([name, [, kind]]) => [name, read(row[name], kind)])));
  }
}

/** A paused reply's tool-loop state is the server's working copy, left out as the messages API leaves it out. */
function withoutToolLoop(message: ExportRow): ExportRow {
  const metadata = message.metadata as Record<string, unknown> | null;
  if (!metadata || !('toolLoop' in metadata)) return message;
  const { toolLoop: _toolLoop, ...rest } = metadata;
  return { ...message, metadata: rest };
}

function read(value: unknown, kind: Kind): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'number':
      return Number(value);
    case 'bool':
      return value === true || value === 1 || value === '1' || value === 'true';
    case 'date':
      return new Date(value instanceof Date ? value : `${String(value).replace(' ', 'T')}${/[zZ]|[+-]\d\d:?\d\d$/.test(String(value)) ? '' : 'Z'}`).toISOString();
    case 'json':
      try {
        return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
      } catch {
        return value;
      }
    default:
      return String(value);
  }
}
