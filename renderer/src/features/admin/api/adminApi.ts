import { apiClient, ApiError, isApiError, type RequestOptions } from '../../../shared/api';
import { getAdminApiBase } from '../../../shared/config';
import { adminStrings } from '../strings';
import type {
  AdminAgent,
  AdminUser,
  AgentMetrics,
  AgentUpdate,
  AuditEntry,
  AuditVerification,
  DetailedMetrics,
  Margins,
  ModerationItem,
  Paged,
  UserMetrics,
  UserAgents,
  UserRole,
  UsersQuery,
} from '../types';

const id = encodeURIComponent;
const TIMEOUT_MS = 20_000;

/** Spec section 8: an admin call that the server refuses for want of a session says so in Spanish. */
function explain(error: unknown): never {
  if (isApiError(error) && error.status === 401) {
    throw new ApiError(adminStrings.notAuthenticated, { status: 401, kind: error.kind, body: error.body, cause: error });
  }
  throw error;
}

function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options: RequestOptions = {}): Promise<T> {
  return apiClient
    .request<T>(method, path, { timeoutMs: TIMEOUT_MS, ...options, baseUrl: getAdminApiBase() })
    .catch(explain);
}

/** Every /api-admin call of the admin screens, and nothing else. */
export const adminApi = {
  users: (query: UsersQuery, signal?: AbortSignal) =>
    call<Paged<AdminUser>>('GET', '/users', {
      signal,
      query: { status: query.status || undefined, search: query.search?.trim() || undefined, page: query.page, limit: query.limit },
    }),
  /** The agents the user created and those in their team. */
  userAgents: (userId: string, signal?: AbortSignal) =>
    call<Partial<UserAgents> | null>('GET', `/users/${id(userId)}/agents`, { signal }).then(
      (body): UserAgents => ({ created: body?.created ?? [], team: body?.team ?? [] }),
      (error: unknown): UserAgents => {
        // Spec section 7: a 404 on a user's agents is an empty list.
        if (isApiError(error) && error.status === 404) return { created: [], team: [] };
        throw error;
      },
    ),
  disableUser: (userId: string) => call<AdminUser>('POST', `/users/${id(userId)}/disable`),
  enableUser: (userId: string) => call<AdminUser>('POST', `/users/${id(userId)}/enable`),
  setRole: (userId: string, role: UserRole) => call<AdminUser>('PUT', `/users/${id(userId)}/role`, { body: { role } }),

  agents: (signal?: AbortSignal) => call<AdminAgent[] | { items: AdminAgent[] }>('GET', '/agents', { signal }).then(listOf),
  /** The agent's prompt, or '' when it has none (404). */
  agentPrompt: (agentId: string, signal?: AbortSignal) =>
    call<{ prompt?: string | null } | null>('GET', `/agents/${id(agentId)}/prompt`, { signal }).then(
      (body) => body?.prompt ?? '',
      (error: unknown) => {
        if (isApiError(error) && error.status === 404) return '';
        throw error;
      },
    ),
  updateAgent: (agentId: string, update: AgentUpdate) => call<AdminAgent>('PUT', `/agents/${id(agentId)}`, { body: update }),
  updatePrompt: (agentId: string, prompt: string) => call<unknown>('PUT', `/agents/${id(agentId)}/prompt`, { body: { prompt } }),
  deleteAgent: (agentId: string) => call<unknown>('DELETE', `/agents/${id(agentId)}`),

  agentMetrics: (signal?: AbortSignal) => call<AgentMetrics>('GET', '/metrics/agents', { signal }),
  userMetrics: (signal?: AbortSignal) => call<UserMetrics>('GET', '/metrics/users', { signal }),
  detailedMetrics: (signal?: AbortSignal) => call<DetailedMetrics>('GET', '/metrics/detailed', { signal }),
  margins: (signal?: AbortSignal) => call<Margins>('GET', '/metrics/margins', { signal }),

  stripeBalance: (signal?: AbortSignal) => call<unknown>('GET', '/stripe/balance', { signal }),
  stripeTransactions: (limit: number, signal?: AbortSignal) => call<unknown>('GET', `/stripe/balance_transactions/${limit}`, { signal }),
  stripeSubscriptionUsers: (signal?: AbortSignal) => call<unknown>('GET', '/stripe/subscription-users', { signal }),
  stripeProducts: (limit: number, signal?: AbortSignal) => call<unknown>('GET', `/stripe/products/${limit}`, { signal }),
  stripeCustomers: (limit: number, signal?: AbortSignal) => call<unknown>('GET', `/stripe/customers/${limit}`, { signal }),
  stripeResume: (startDate: string, endDate: string) => call<unknown>('POST', '/stripe/resume', { body: { startDate, endDate } }),

  audit: (page: number, limit: number, signal?: AbortSignal) =>
    call<{ items: AuditEntry[]; total: number }>('GET', '/audit', { signal, query: { page, limit } }),
  verifyAudit: () => call<AuditVerification>('GET', '/audit/verify'),

  /** The queue, or null when this server has no moderation (404: it is off). */
  moderation: (signal?: AbortSignal) =>
    call<ModerationItem[] | { items: ModerationItem[] }>('GET', '/moderation', { signal }).then(listOf, (error: unknown) => {
      if (isApiError(error) && error.status === 404) return null;
      throw error;
    }),
  approve: (agentId: string) => call<unknown>('POST', `/moderation/${id(agentId)}/approve`, { body: {} }),
  reject: (agentId: string, reason: string) => call<unknown>('POST', `/moderation/${id(agentId)}/reject`, { body: { reason } }),
};

function listOf<T>(body: T[] | { items: T[] } | null | undefined): T[] {
  if (Array.isArray(body)) return body;
  return body?.items ?? [];
}
