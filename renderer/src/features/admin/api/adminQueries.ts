import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, isApiError, withTimeout, type components, type paths } from '../../../shared/api';
import { adminStrings } from '../strings';

type Schemas = components['schemas'];
export type AdminUser = Schemas['AdminUserDto'];
export type UserStatus = AdminUser['status'];
export type UserRole = AdminUser['role'];
export type UsersQuery = NonNullable<paths['/api-admin/users']['get']['parameters']['query']>;
export type AdminAgent = Schemas['AdminAgentDto'];
export type AgentUpdate = Schemas['AdminUpdateAgentDto'];
export type AgentMetrics = Schemas['AgentMetricsDto'];
export type DailyMetrics = Schemas['DailyMetricsDto'];
export type Margins = Schemas['MarginsDto'];
export type PendingAgent = Schemas['ModerationQueueDto']['items'][number];
export type AuditVerification = Schemas['AuditVerificationDto'];
export type PeriodSummary = Schemas['PeriodSummaryDto'];
/** The dashboard's periods: 7, 30 or 90 days, or 12 months. */
export type MetricsPeriod = Schemas['DetailedMetricsDto']['period'];
export type AuditNames = Schemas['AdminAuditPageDto']['names'];
export type AdminReport = Schemas['AdminReportDto'];
export type ReportStatus = AdminReport['status'];
export type ReportAction = Schemas['ResolveReportDto']['action'];

const TIMEOUT_MS = 20_000;

/**
 * Keys under the resource's name, so that a change made elsewhere (an agent edited, a user
 * disabled) invalidates what these screens show too.
 */
export const adminKeys = {
  users: (query: UsersQuery) => ['users', 'list', query] as const,
  userAgents: (userId: string) => ['users', userId, 'agents'] as const,
  agents: ['agents', 'list', 'admin'] as const,
  /** Prompt versions are their own resource: an agent's edit leaves its prompt as it was. */
  prompt: (agentId: string) => ['prompts', agentId, 'current'] as const,
  moderation: ['agents', 'moderation'] as const,
  reports: (status: ReportStatus) => ['reports', status] as const,
  metrics: (figures: 'users' | 'agents' | 'detailed' | 'margins', period?: MetricsPeriod) =>
    (period ? (['metrics', figures, period] as const) : (['metrics', figures] as const)),
  audit: (page: number, limit: number) => ['audit', { page, limit }] as const,
  payments: (view: 'balance' | 'transactions' | 'products' | 'customers', limit?: number) => ['payments', view, limit] as const,
  subscriptions: ['subscriptions', 'list', 'admin'] as const,
};

/** The message a failed call shows: the server's, or the spec's 'Ocurrió un error'. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : adminStrings.genericError;
}

/** A load's failure as the screen shows it; none while it is being tried again. */
export function failureOf(query: { error: unknown; isFetching: boolean }): string | null {
  return query.error && !query.isFetching ? errorMessage(query.error) : null;
}

/** Spec section 8: an admin call that the server refuses for want of a session says so in Spanish. */
async function answer<T>(call: Promise<{ data?: T }>): Promise<T> {
  try {
    return (await call).data as T;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      throw new ApiError(adminStrings.notAuthenticated, { status: 401, kind: error.kind, body: error.body, cause: error });
    }
    throw error;
  }
}

/** Spec section 7: a 404 on a user's agents is an empty list, on a prompt none. */
async function orOn404<T>(call: Promise<T>, fallback: T): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return fallback;
    throw error;
  }
}

const timeout = (signal: AbortSignal) => withTimeout(signal, TIMEOUT_MS);
const mutationTimeout = () => AbortSignal.timeout(TIMEOUT_MS);

// Users

/** One page of users; the page on screen stays while the next search or page loads. */
export function useAdminUsers(query: UsersQuery) {
  return useQuery({
    queryKey: adminKeys.users(query),
    queryFn: ({ signal }) => answer(api.GET('/api-admin/users', { params: { query }, signal: timeout(signal) })),
    placeholderData: keepPreviousData,
  });
}

/** The agents the user created and those in their team. */
export function useUserAgents(userId: string) {
  return useQuery({
    queryKey: adminKeys.userAgents(userId),
    queryFn: ({ signal }) =>
      orOn404(answer(api.GET('/api-admin/users/{id}/agents', { params: { path: { id: userId } }, signal: timeout(signal) })), {
        created: [],
        team: [],
      }),
  });
}

function useUserChange<Variables>(change: (variables: Variables) => Promise<AdminUser>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      void queryClient.invalidateQueries({ queryKey: adminKeys.metrics('users') });
    },
  });
}

export const useDisableUser = () =>
  useUserChange((userId: string) =>
    answer(api.POST('/api-admin/users/{id}/disable', { params: { path: { id: userId } }, signal: mutationTimeout() })),
  );

export const useEnableUser = () =>
  useUserChange((userId: string) =>
    answer(api.POST('/api-admin/users/{id}/enable', { params: { path: { id: userId } }, signal: mutationTimeout() })),
  );

export const useSetUserRole = () =>
  useUserChange(({ userId, role }: { userId: string; role: UserRole }) =>
    answer(api.PUT('/api-admin/users/{id}/role', { params: { path: { id: userId } }, body: { role }, signal: mutationTimeout() })),
  );

// Agents

/** Every agent, private ones too, with its assignments and conversations. */
export function useAdminAgents() {
  return useQuery({
    queryKey: adminKeys.agents,
    queryFn: ({ signal }) => answer(api.GET('/api-admin/agents', { signal: timeout(signal) })),
  });
}

/** The agent's current system prompt, or '' when it has none. */
export function useAgentPrompt(agentId: string) {
  return useQuery({
    queryKey: adminKeys.prompt(agentId),
    queryFn: ({ signal }) =>
      orOn404(
        answer(api.GET('/api-admin/agents/{id}/prompt', { params: { path: { id: agentId } }, signal: timeout(signal) })).then(
          (version) => version.prompt,
        ),
        '',
      ),
  });
}

/** After an agent changes, everything about agents, the figures and the users' lists of agents may have changed. */
function useAgentChange<Variables, Result>(change: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => {
      for (const queryKey of [['agents'], ['metrics'], ['users']]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export const useUpdateAgent = () =>
  useAgentChange(({ agentId, update }: { agentId: string; update: AgentUpdate }) =>
    answer(api.PUT('/api-admin/agents/{id}', { params: { path: { id: agentId } }, body: update, signal: mutationTimeout() })),
  );

/** Saved as a new current version; nothing but the prompt changes. */
export function useSaveAgentPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, prompt }: { agentId: string; prompt: string }) =>
      answer(api.PUT('/api-admin/agents/{id}/prompt', { params: { path: { id: agentId } }, body: { prompt }, signal: mutationTimeout() })),
    onSuccess: (_version, { agentId }) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.prompt(agentId) });
    },
  });
}

export const useDeleteAgent = () =>
  useAgentChange((agentId: string) =>
    answer(api.DELETE('/api-admin/agents/{id}', { params: { path: { id: agentId } }, signal: mutationTimeout() })),
  );

// Moderation

/** The agents waiting for an admin's approval, and whether this server moderates at all. */
export function useModerationQueue() {
  return useQuery({
    queryKey: adminKeys.moderation,
    queryFn: ({ signal }) => answer(api.GET('/api-admin/moderation', { signal: timeout(signal) })),
  });
}

export const useApproveAgent = () =>
  useAgentChange((agentId: string) =>
    answer(api.POST('/api-admin/moderation/{agentId}/approve', { params: { path: { agentId } }, signal: mutationTimeout() })),
  );

export const useRejectAgent = () =>
  useAgentChange(({ agentId, reason }: { agentId: string; reason: string }) =>
    answer(api.POST('/api-admin/moderation/{agentId}/reject', { params: { path: { agentId } }, body: { reason }, signal: mutationTimeout() })),
  );

// Metrics

/** The figures of the period on screen; the previous period's stay while the next one loads. */
export const useUserMetrics = (period: MetricsPeriod) =>
  useQuery({
    queryKey: adminKeys.metrics('users', period),
    queryFn: ({ signal }) => answer(api.GET('/api-admin/metrics/users', { params: { query: { period } }, signal: timeout(signal) })),
    placeholderData: keepPreviousData,
  });

export const useAgentMetrics = () =>
  useQuery({
    queryKey: adminKeys.metrics('agents'),
    queryFn: ({ signal }) => answer(api.GET('/api-admin/metrics/agents', { signal: timeout(signal) })),
  });

export const useDetailedMetrics = (period: MetricsPeriod) =>
  useQuery({
    queryKey: adminKeys.metrics('detailed', period),
    queryFn: ({ signal }) => answer(api.GET('/api-admin/metrics/detailed', { params: { query: { period } }, signal: timeout(signal) })),
    placeholderData: keepPreviousData,
  });

export const useMargins = (period: MetricsPeriod) =>
  useQuery({
    queryKey: adminKeys.metrics('margins', period),
    queryFn: ({ signal }) => answer(api.GET('/api-admin/metrics/margins', { params: { query: { period } }, signal: timeout(signal) })),
    placeholderData: keepPreviousData,
  });

// Payments (amounts in cents, each answer labelled with its provider)

export const useBalance = () =>
  useQuery({
    queryKey: adminKeys.payments('balance'),
    queryFn: ({ signal }) => answer(api.GET('/api-admin/stripe/balance', { signal: timeout(signal) })),
  });

export const useBalanceTransactions = (limit: number) =>
  useQuery({
    queryKey: adminKeys.payments('transactions', limit),
    queryFn: ({ signal }) =>
      answer(api.GET('/api-admin/stripe/balance_transactions/{limit}', { params: { path: { limit } }, signal: timeout(signal) })),
  });

export const useProducts = (limit: number) =>
  useQuery({
    queryKey: adminKeys.payments('products', limit),
    queryFn: ({ signal }) => answer(api.GET('/api-admin/stripe/products/{limit}', { params: { path: { limit } }, signal: timeout(signal) })),
  });

export const useCustomers = (limit: number) =>
  useQuery({
    queryKey: adminKeys.payments('customers', limit),
    queryFn: ({ signal }) => answer(api.GET('/api-admin/stripe/customers/{limit}', { params: { path: { limit } }, signal: timeout(signal) })),
  });

export const useSubscriptionListings = () =>
  useQuery({
    queryKey: adminKeys.subscriptions,
    queryFn: ({ signal }) => answer(api.GET('/api-admin/stripe/subscription-users', { signal: timeout(signal) })),
  });

/** A period's figures: a question asked with a form (POST), which changes nothing. */
export const useSummarisePeriod = () =>
  useMutation({
    mutationFn: (period: Schemas['PeriodDto']) => answer(api.POST('/api-admin/stripe/resume', { body: period, signal: mutationTimeout() })),
  });

// Audit

/** One page of the log, the newest first; the page on screen stays while the next one loads. */
export function useAuditLog(page: number, limit: number) {
  return useQuery({
    queryKey: adminKeys.audit(page, limit),
    queryFn: ({ signal }) => answer(api.GET('/api-admin/audit', { params: { query: { page, limit } }, signal: timeout(signal) })),
    placeholderData: keepPreviousData,
  });
}

/** 'Verificar cadena': a check the admin asks for, each time afresh, so not a cached query. */
export const useVerifyAudit = () =>
  useMutation({
    mutationFn: () => answer(api.GET('/api-admin/audit/verify', { signal: mutationTimeout() })),
  });

// Reports (issue 34)

/** GET /api-admin/reports?status=: open ones oldest first, resolved ones newest first. */
export function useReports(status: ReportStatus) {
  return useQuery({
    queryKey: adminKeys.reports(status),
    queryFn: ({ signal }) => answer(api.GET('/api-admin/reports', { params: { query: { status } }, signal: timeout(signal) })),
  });
}

/** POST /api-admin/reports/{reportId}/resolve; the queue, the agents and the audit log are read again. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, action, note }: { reportId: string; action: ReportAction; note: string }) =>
      answer(api.POST('/api-admin/reports/{reportId}/resolve', { params: { path: { reportId } }, body: { action, note }, signal: mutationTimeout() })),
    onSuccess: () => {
      for (const queryKey of [['reports'], ['agents'], ['audit']]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
