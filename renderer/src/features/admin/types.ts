/** The admin area's shapes (base /api-admin). Payment views are read loosely: see utils/stripe.ts. */

export type UserStatus = 'confirmed' | 'unconfirmed' | 'disabled';
export type UserRole = 'admin' | 'user';

export interface AdminUser {
  id: string;
  username: string;
  email: string;
  contactName: string | null;
  status: UserStatus;
  role: UserRole;
  createdAt: string;
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

export interface UsersQuery {
  status?: UserStatus | null;
  search?: string;
  page: number;
  limit: number;
}

/** GET /agents: the agent with the admin list's counts (spec section 3). */
export interface AdminAgent {
  id: string;
  name: string;
  category: string;
  description: string;
  avatar?: string | null;
  createdBy: string;
  isPublic: boolean;
  assignments?: number;
  conversations?: number;
  createdAt?: string;
  updatedAt?: string;
}

/** GET /users/{id}/agents: what the user created, and the agents in their team (user-agent links). */
export interface UserAgents {
  created: Array<{ id: string; name: string }>;
  team: Array<{ agentId: string; name: string }>;
}

export interface AgentUpdate {
  name: string;
  category: string;
  description: string;
}

export interface AgentMetricsRow {
  id: string;
  name: string;
  category: string;
  assignments: number;
  conversations: number;
  createdBy: string;
  isPublic: boolean;
}

export interface AgentMetrics {
  totalAgents: number;
  publicAgentsCount: number;
  privateAgentsCount: number;
  agents: AgentMetricsRow[];
}

/** GET /metrics/users: read loosely, the server may add figures. */
export interface UserMetrics {
  totalUsers: number;
  confirmedUsers: number;
  unconfirmedUsers: number;
  disabledUsers: number;
  adminUsers: number;
  newUsersLast30Days: number;
  activeUsersLast30Days: number;
}

export interface DetailedDay {
  date: string;
  signUps: number;
  activeUsers: number;
  conversations: number;
  messages: number;
  tokens: number;
  subscriptions: number;
  /** Minor units (cents) of the currency. */
  revenue: number;
}

export interface DetailedMetrics {
  days: DetailedDay[];
  currency?: string;
}

/** Amounts in minor units (cents); cost and margin are null while no token prices are configured. */
export interface MarginRow {
  agentId: string;
  name: string;
  revenue: number;
  inputTokens: number;
  outputTokens: number;
  modelCost: number | null;
  margin: number | null;
}

export interface Margins {
  currency: string;
  pricesConfigured: boolean;
  agents: MarginRow[];
}

export type PaymentsProvider = 'demo' | 'stripe';

export interface AuditEntry {
  id: string | number;
  at: string;
  actorSub: string;
  action: string;
  target: string;
  prevHash?: string;
  before: unknown;
  after: unknown;
  hash: string;
}

export interface AuditVerification {
  valid: boolean;
  checked: number;
  firstBrokenId?: string | number | null;
  /** The first row signed with the server's key; the ones before it predate the key. Null: none is signed. */
  keyedFrom?: number | null;
  /** The newest row: an admin notes it down to notice a chain cut short or rewritten whole. */
  head?: { id: number; at: string; hash: string } | null;
}

export interface ModerationItem {
  agentId: string;
  name: string;
  category?: string;
  description?: string;
  createdBy?: string;
  submittedAt?: string;
  status?: string;
}
