import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, SelectQueryBuilder, ObjectLiteral } from 'typeorm';

/** What a driver hands back for a column: PostgreSQL gives bigints and decimals as text, SQLite booleans as 0/1, dates as text. */
type RawNumber = number | string;
type RawBoolean = boolean | number | string;
type RawDate = Date | string;

export interface LedgerRow {
  id: string;
  subscriptionId: string;
  period: string;
  agentId: string;
  agentName: string;
  ecosystemId: string | null;
  ecosystemName: string | null;
  currency: string;
  provider: string;
  demo: RawBoolean;
  paymentAmount: RawNumber;
  gross: RawNumber;
  fee: RawNumber;
  net: RawNumber;
  paidOut: RawBoolean;
  paidAt: RawDate;
}

export interface SubscriptionRow {
  subscriptionId: string;
  status: string;
  userId: string;
  userName: string | null;
  userEmail: string | null;
  agentId: string | null;
  ecosystemId: string | null;
  agentName: string | null;
  ecosystemName: string | null;
  isBundle: RawBoolean;
  priceId: string | null;
  price: RawNumber | null;
  createdAt: RawDate;
  finishedAt: RawDate | null;
  username: string | null;
  accountEmail: string | null;
}

export interface PriceRow {
  productId: string;
  priceId: string;
  kind: string;
  itemId: string;
  unitAmount: RawNumber;
  currency: string;
  createdAt: RawDate;
  name: string | null;
}

export interface CustomerRow {
  customerId: string;
  userId: string | null;
  name: string | null;
  email: string | null;
  username: string | null;
  createdAt: RawDate;
}

/** How long a dashboard's period is, and how its figures are grouped. */
export type MetricsBucket = 'day' | 'month';

/**
 * Read-only counts and listings that span other modules' tables (team links, conversations,
 * messages, subscriptions, the payments ledger), for the admin dashboards. No module exposes these
 * aggregates through its service and they change nothing, so the admin module reads them here
 * (docs/architecture.md allows a read-only cross-module query for reporting); writes always go through the
 * owning module's service.
 */
@Injectable()
export class AdminReadModel {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get postgres(): boolean {
    return this.dataSource.options.type === 'postgres';
  }

  /** The UTC day ('YYYY-MM-DD') or month ('YYYY-MM') of a timestamp column, on either database. */
  private bucket(column: string, bucket: MetricsBucket = 'day'): string {
    if (this.postgres) return `to_char(${column} AT TIME ZONE 'UTC', '${bucket === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'}')`;
    return `substr(${column}, 1, ${bucket === 'day' ? 10 : 7})`;
  }

  private query(): SelectQueryBuilder<ObjectLiteral> {
    return this.dataSource.createQueryBuilder();
  }

  /** Team links per agent (the spec's "assignments"). */
  async assignmentsByAgent(): Promise<Map<string, number>> {
    const rows = await this.query().select('ua.agent_id', 'agentId').addSelect('COUNT(*)', 'count').from('user_agents', 'ua').groupBy('ua.agent_id').getRawMany<{ agentId: string; count: string | number }>();
    return new Map(rows.map((row) => [row.agentId, Number(row.count)]));
  }

  /**
   * Conversations per agent. The agent is inside the conversation's JSON metadata, which the two
   * databases query differently, so the rows naming an agent are read and counted here.
   */
  async conversationsByAgent(): Promise<Map<string, number>> {
    const rows = await this.query()
      .select('c.metadata', 'metadata')
      .from('conversations', 'c')
      .where('c.metadata LIKE :agent', { agent: '%"agentId"%' })
      .getRawMany<{ metadata: string | null }>();
    const counts = new Map<string, number>();
    for (const row of rows) {
      try {
        const agentId = (JSON.parse(row.metadata ?? '{}') as { agentId?: unknown }).agentId;
        if (typeof agentId === 'string' && agentId) counts.set(agentId, (counts.get(agentId) ?? 0) + 1);
      } catch {
        // A row whose metadata is not JSON names no agent.
      }
    }
    return counts;
  }

  /** Accounts of the embedded pool by state. */
  async userCounts(since: Date): Promise<{ total: number; confirmed: number; unconfirmed: number; disabled: number; admins: number; newSince: number }> {
    const row = await this.query()
      .select('COUNT(*)', 'total')
      .addSelect(`SUM(CASE WHEN u.enabled = :no THEN 1 ELSE 0 END)`, 'disabled')
      .addSelect(`SUM(CASE WHEN u.enabled = :yes AND u.status = 'UNCONFIRMED' THEN 1 ELSE 0 END)`, 'unconfirmed')
      .addSelect(`SUM(CASE WHEN u.enabled = :yes AND u.status <> 'UNCONFIRMED' THEN 1 ELSE 0 END)`, 'confirmed')
      .addSelect(`SUM(CASE WHEN u.role = 'admin' THEN 1 ELSE 0 END)`, 'admins')
      .addSelect(`SUM(CASE WHEN u.created_at >= :since THEN 1 ELSE 0 END)`, 'newSince')
      .from('identity_users', 'u')
      .setParameters({ yes: true, no: false, since })
      .getRawOne<Record<string, string | number | null>>();
    const number = (key: string) => Number(row?.[key] ?? 0);
    return { total: number('total'), confirmed: number('confirmed'), unconfirmed: number('unconfirmed'), disabled: number('disabled'), admins: number('admins'), newSince: number('newSince') };
  }

  /** Users who wrote at least one message since the date. */
  async activeUsersSince(since: Date): Promise<number> {
    const row = await this.query()
      .select('COUNT(DISTINCT c.user_sub)', 'count')
      .from('messages', 'm')
      .innerJoin('conversations', 'c', 'c.id = m.conversation_id')
      .where('m.created_at >= :since', { since })
      .andWhere("m.role = 'user'")
      .getRawOne<{ count: string | number }>();
    return Number(row?.count ?? 0);
  }

  /** Per UTC day (or month) since the date: a count (or sum) of a table's rows by its timestamp column. */
  private async perBucket(
    bucket: MetricsBucket,
    table: string,
    column: string,
    since: Date,
    value = 'COUNT(*)',
    extra?: (builder: SelectQueryBuilder<ObjectLiteral>) => SelectQueryBuilder<ObjectLiteral>,
  ): Promise<Map<string, number>> {
    let builder = this.query()
      .select(this.bucket(`t.${column}`, bucket), 'day')
      .addSelect(value, 'value')
      .from(table, 't')
      .where(`t.${column} >= :since`, { since });
    if (extra) builder = extra(builder);
    const rows = await builder.groupBy(this.bucket(`t.${column}`, bucket)).getRawMany<{ day: string; value: string | number | null }>();
    return new Map(rows.map((row) => [row.day, Number(row.value ?? 0)]));
  }

  /** The dashboard's series since the date, keyed by UTC day ('YYYY-MM-DD') or month ('YYYY-MM'). */
  async series(
    since: Date,
    bucket: MetricsBucket = 'day',
  ): Promise<Record<'signUps' | 'conversations' | 'messages' | 'tokens' | 'subscriptions' | 'revenue' | 'activeUsers', Map<string, number>>> {
    const [signUps, conversations, messages, tokens, subscriptions, revenue, activeUsers] = await Promise.all([
      this.perBucket(bucket, 'identity_users', 'created_at', since),
      this.perBucket(bucket, 'conversations', 'created_at', since),
      this.perBucket(bucket, 'messages', 'created_at', since),
      this.perBucket(bucket, 'messages', 'created_at', since, 'SUM(COALESCE(t.input_tokens, 0) + COALESCE(t.output_tokens, 0))'),
      this.perBucket(bucket, 'subscriptions', 'created_at', since),
      this.perBucket(bucket, 'creator_ledger_entries', 'paid_at', since, 'SUM(t.gross)'),
      this.perBucket(bucket, 'messages', 'created_at', since, 'COUNT(DISTINCT c.user_sub)', (builder) =>
        builder.innerJoin('conversations', 'c', 'c.id = t.conversation_id').andWhere("t.role = 'user'"),
      ),
    ]);
    return { signUps, conversations, messages, tokens, subscriptions, revenue, activeUsers };
  }

  /** The payments ledger's totals (minor units) over an optional period of payment dates. */
  async ledgerTotals(from?: Date, to?: Date): Promise<{ gross: number; fees: number; net: number; paidOut: number; payments: number; currency: string | null }> {
    let builder = this.query()
      .select('COALESCE(SUM(l.gross), 0)', 'gross')
      .addSelect('COALESCE(SUM(l.fee), 0)', 'fees')
      .addSelect('COALESCE(SUM(l.net), 0)', 'net')
      .addSelect('COALESCE(SUM(CASE WHEN l.paid_out = :yes THEN l.net ELSE 0 END), 0)', 'paidOut')
      .addSelect('COUNT(DISTINCT l.subscription_id || l.period)', 'payments')
      .addSelect('MAX(l.currency)', 'currency')
      .from('creator_ledger_entries', 'l')
      .setParameters({ yes: true });
    if (from) builder = builder.andWhere('l.paid_at >= :from', { from });
    if (to) builder = builder.andWhere('l.paid_at < :to', { to });
    const row = await builder.getRawOne<Record<string, string | number | null>>();
    return {
      gross: Number(row?.gross ?? 0),
      fees: Number(row?.fees ?? 0),
      net: Number(row?.net ?? 0),
      paidOut: Number(row?.paidOut ?? 0),
      payments: Number(row?.payments ?? 0),
      currency: (row?.currency as string | null) ?? null,
    };
  }

  /** The newest ledger rows (one per agent and paid period). */
  ledgerRows(limit: number): Promise<LedgerRow[]> {
    return this.query()
      .select(['l.id AS "id"', 'l.subscription_id AS "subscriptionId"', 'l.period AS "period"', 'l.agent_id AS "agentId"', 'l.agent_name AS "agentName"'])
      .addSelect(['l.ecosystem_id AS "ecosystemId"', 'l.ecosystem_name AS "ecosystemName"', 'l.currency AS "currency"', 'l.provider AS "provider"', 'l.demo AS "demo"', 'l.payment_amount AS "paymentAmount"'])
      .addSelect(['l.gross AS "gross"', 'l.fee AS "fee"', 'l.net AS "net"', 'l.paid_out AS "paidOut"', 'l.paid_at AS "paidAt"'])
      .from('creator_ledger_entries', 'l')
      .orderBy('l.paid_at', 'DESC')
      .addOrderBy('l.id', 'ASC')
      .limit(limit)
      .getRawMany();
  }

  /** Stored subscriptions, newest first, with who holds them and the name of what they bought. */
  subscriptions(limit: number): Promise<SubscriptionRow[]> {
    return this.query()
      .select(['s.subscription_id AS "subscriptionId"', 's.status AS "status"', 's.user_sub AS "userId"', 's.user_name AS "userName"', 's.user_email AS "userEmail"'])
      .addSelect(['s.agent_id AS "agentId"', 's.ecosystem_id AS "ecosystemId"', 's.is_bundle AS "isBundle"', 's.price_id AS "priceId"', 's.price AS "price"'])
      .addSelect(['s.created_at AS "createdAt"', 's.finished_at AS "finishedAt"', 'u.username AS "username"', 'u.email AS "accountEmail"'])
      .addSelect(['a.name AS "agentName"', 'e.name AS "ecosystemName"'])
      .from('subscriptions', 's')
      .leftJoin('identity_users', 'u', 'u.sub = s.user_sub')
      .leftJoin('agents', 'a', 'a.id = s.agent_id')
      .leftJoin('ecosystems', 'e', 'e.id = s.ecosystem_id')
      .orderBy('s.created_at', 'DESC')
      .limit(limit)
      .getRawMany();
  }

  async subscriptionCounts(from: Date, to: Date): Promise<{ created: number; cancelled: number; active: number }> {
    const row = await this.query()
      .select('SUM(CASE WHEN s.created_at >= :from AND s.created_at < :to THEN 1 ELSE 0 END)', 'created')
      .addSelect("SUM(CASE WHEN s.finished_at >= :from AND s.finished_at < :to AND s.status IN ('cancelled', 'canceled') THEN 1 ELSE 0 END)", 'cancelled')
      .addSelect("SUM(CASE WHEN s.status = 'active' THEN 1 ELSE 0 END)", 'active')
      .from('subscriptions', 's')
      .setParameters({ from, to })
      .getRawOne<Record<string, string | number | null>>();
    return { created: Number(row?.created ?? 0), cancelled: Number(row?.cancelled ?? 0), active: Number(row?.active ?? 0) };
  }

  /** The catalogue's prices (one product per agent or ecosystem), newest first, with the item's name. */
  products(limit: number): Promise<PriceRow[]> {
    return this.query()
      .select(['p.product_id AS "productId"', 'p.price_id AS "priceId"', 'p.item_kind AS "kind"', 'p.item_id AS "itemId"', 'p.unit_amount AS "unitAmount"'])
      .addSelect(['p.currency AS "currency"', 'p.created_at AS "createdAt"', 'COALESCE(a.name, e.name) AS "name"'])
      .from('payment_prices', 'p')
      .leftJoin('agents', 'a', "p.item_kind = 'agent' AND a.id = p.item_id")
      .leftJoin('ecosystems', 'e', "p.item_kind = 'ecosystem' AND e.id = p.item_id")
      .orderBy('p.created_at', 'DESC')
      .addOrderBy('p.price_id', 'ASC')
      .limit(limit)
      .getRawMany();
  }

  customers(limit: number): Promise<CustomerRow[]> {
    return this.query()
      .select(['c.customer_id AS "customerId"', 'c.user_sub AS "userId"', 'c.name AS "name"', 'c.email AS "email"', 'c.created_at AS "createdAt"'])
      .addSelect('u.username', 'username')
      .from('payment_customers', 'c')
      .leftJoin('identity_users', 'u', 'u.sub = c.user_sub')
      .orderBy('c.created_at', 'DESC')
      .addOrderBy('c.customer_id', 'ASC')
      .limit(limit)
      .getRawMany();
  }

  /** Per agent: revenue from the ledger (minor units) and model tokens of its conversations' replies. */
  async agentRevenue(since?: Date): Promise<Map<string, { revenue: number; currency: string | null }>> {
    let builder = this.query()
      .select('l.agent_id', 'agentId')
      .addSelect('COALESCE(SUM(l.gross), 0)', 'revenue')
      .addSelect('MAX(l.currency)', 'currency')
      .from('creator_ledger_entries', 'l');
    if (since) builder = builder.where('l.paid_at >= :since', { since });
    const rows = await builder
      .groupBy('l.agent_id')
      .getRawMany<{ agentId: string; revenue: string | number; currency: string | null }>();
    return new Map(rows.map((row) => [row.agentId, { revenue: Number(row.revenue), currency: row.currency }]));
  }

  /** Tokens of assistant replies per (agent, model): the agent is read from each reply's metadata. */
  async agentTokens(since?: Date): Promise<Map<string, Map<string, { input: number; output: number }>>> {
    let builder = this.query()
      .select('m.metadata', 'metadata')
      .addSelect('m.model_id', 'modelId')
      .addSelect('COALESCE(m.input_tokens, 0)', 'input')
      .addSelect('COALESCE(m.output_tokens, 0)', 'output')
      .from('messages', 'm')
      .where("m.role = 'assistant'")
      .andWhere('(m.input_tokens IS NOT NULL OR m.output_tokens IS NOT NULL)')
      .andWhere('m.metadata LIKE :agent', { agent: '%"agentId"%' });
    if (since) builder = builder.andWhere('m.created_at >= :since', { since });
    const rows = await builder.getRawMany<{ metadata: string | null; modelId: string | null; input: string | number; output: string | number }>();
    const result = new Map<string, Map<string, { input: number; output: number }>>();
    for (const row of rows) {
      let agentId: unknown;
      try {
        agentId = (JSON.parse(row.metadata ?? '{}') as { agentId?: unknown }).agentId;
      } catch {
        continue;
      }
      if (typeof agentId !== 'string') continue;
      const byModel = result.get(agentId) ?? new Map<string, { input: number; output: number }>();
      const model = row.modelId ?? '';
      const sum = byModel.get(model) ?? { input: 0, output: 0 };
      sum.input += Number(row.input);
      sum.output += Number(row.output);
      byModel.set(model, sum);
      result.set(agentId, byModel);
    }
    return result;
  }

  // Names for the audit log: each lookup takes the ids a page of the log mentions.

  /** Users by sub: their username (an e-mail when they signed up with one), or their e-mail. */
  async userNames(subs: string[]): Promise<Map<string, string>> {
    if (subs.length === 0) return new Map();
    const rows = await this.query()
      .select(['u.sub AS "id"', 'u.username AS "username"', 'u.email AS "email"'])
      .from('identity_users', 'u')
      .where('u.sub IN (:...subs)', { subs })
      .getRawMany<{ id: string; username: string | null; email: string | null }>();
    return new Map(rows.map((row) => [row.id, row.username || row.email || row.id]));
  }

  async agentNames(ids: string[]): Promise<Map<string, string>> {
    return this.namesOf('agents', 'id', 'name', ids);
  }

  async ecosystemNames(ids: string[]): Promise<Map<string, string>> {
    return this.namesOf('ecosystems', 'id', 'name', ids);
  }

  /** Subscriptions by id: who holds them and what they bought (the agent's or ecosystem's name as stored now). */
  async subscriptionParties(ids: string[]): Promise<Map<string, { userSub: string; agentId: string | null; ecosystemId: string | null }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.query()
      .select(['s.subscription_id AS "id"', 's.user_sub AS "userSub"', 's.agent_id AS "agentId"', 's.ecosystem_id AS "ecosystemId"'])
      .from('subscriptions', 's')
      .where('s.subscription_id IN (:...ids)', { ids })
      .getRawMany<{ id: string; userSub: string; agentId: string | null; ecosystemId: string | null }>();
    return new Map(rows.map((row) => [row.id, { userSub: row.userSub, agentId: row.agentId ?? null, ecosystemId: row.ecosystemId ?? null }]));
  }

  /** Creators' payout accounts by the provider's account id: whose they are. */
  async accountOwners(accountIds: string[]): Promise<Map<string, string>> {
    return this.namesOf('creator_accounts', 'account_id', 'user_sub', accountIds);
  }

  /** Ledger rows by id: the agent (or ecosystem) paid for, by the name stored with the payment. */
  async ledgerNames(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.query()
      .select(['l.id AS "id"', 'l.agent_name AS "agentName"', 'l.ecosystem_name AS "ecosystemName"', 'l.period AS "period"'])
      .from('creator_ledger_entries', 'l')
      .where('l.id IN (:...ids)', { ids })
      .getRawMany<{ id: string; agentName: string; ecosystemName: string | null; period: string }>();
    return new Map(rows.map((row) => [row.id, `${row.ecosystemName ? `${row.ecosystemName} · ` : ''}${row.agentName} (${row.period})`]));
  }

  private async namesOf(table: string, key: string, value: string, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.query()
      .select(`t.${key}`, 'id')
      .addSelect(`t.${value}`, 'name')
      .from(table, 't')
      .where(`t.${key} IN (:...ids)`, { ids })
      .getRawMany<{ id: string; name: string | null }>();
    return new Map(rows.filter((row) => row.name).map((row) => [row.id, row.name as string]));
  }
}
