import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, withTimeout, type components } from '../../../shared/api';
import { AGENT_FETCH_TIMEOUT_MS } from '../../../shared/config';
import { marketplaceKeys } from './marketplaceQueries';

export type Review = components['schemas']['ReviewDto'];
export type ReviewPage = components['schemas']['ReviewPageDto'];
export type ReportReason = components['schemas']['CreateReportDto']['reason'];

/** Reviews shown a page at a time under the agent's detail. */
export const REVIEWS_PAGE_SIZE = 5;

/** Under the agent's own key, so that a change to the agent (or its invalidation) reaches its reviews too. */
export const reviewKeys = {
  all: (agentId: string) => [...marketplaceKeys.agent(agentId), 'reviews'] as const,
  page: (agentId: string, page: number) => [...marketplaceKeys.agent(agentId), 'reviews', page] as const,
};

const mutationSignal = () => AbortSignal.timeout(AGENT_FETCH_TIMEOUT_MS);

/** GET /api/agents/{agentId}/reviews: one page, newest first, with the summary of all of them. */
export function useAgentReviews(agentId: string, page: number) {
  return useQuery({
    queryKey: reviewKeys.page(agentId, page),
    queryFn: async ({ signal }) =>
      (
        await api.GET('/api/agents/{agentId}/reviews', {
          params: { path: { agentId }, query: { page, limit: REVIEWS_PAGE_SIZE, sort: 'recent' } },
          signal: withTimeout(signal, AGENT_FETCH_TIMEOUT_MS),
        })
      ).data!,
    placeholderData: keepPreviousData,
  });
}

/** After a change: the agent (its rating) and its reviews are read again. */
function useAgentRefresh(agentId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.agent(agentId) });
}

/** POST /api/agents/{agentId}/reviews: writes the caller's review, or replaces it. */
export function useWriteReview(agentId: string) {
  const refresh = useAgentRefresh(agentId);
  return useMutation({
    mutationFn: async (body: { rating: number; comment?: string }) =>
      (await api.POST('/api/agents/{agentId}/reviews', { params: { path: { agentId } }, body, signal: mutationSignal() })).data!,
    onSuccess: refresh,
  });
}

/** DELETE /api/agents/{agentId}/reviews/mine. */
export function useDeleteMyReview(agentId: string) {
  const refresh = useAgentRefresh(agentId);
  return useMutation({
    mutationFn: async () => {
      await api.DELETE('/api/agents/{agentId}/reviews/mine', { params: { path: { agentId } }, signal: mutationSignal() });
    },
    onSuccess: refresh,
  });
}

/** PUT /api/reviews/{reviewId}/reply: the agent's creator answers a review. */
export function useReplyToReview(agentId: string) {
  const refresh = useAgentRefresh(agentId);
  return useMutation({
    mutationFn: async ({ reviewId, text }: { reviewId: string; text: string }) =>
      (await api.PUT('/api/reviews/{reviewId}/reply', { params: { path: { reviewId } }, body: { text }, signal: mutationSignal() })).data!,
    onSuccess: refresh,
  });
}

/** POST /api/agents/{agentId}/report or /api/reviews/{reviewId}/report. */
export function useReport() {
  return useMutation({
    mutationFn: async ({ target, id, reason, details }: { target: 'agent' | 'review'; id: string; reason: ReportReason; details?: string }) => {
      const body = { reason, ...(details ? { details } : {}) };
      if (target === 'agent') await api.POST('/api/agents/{agentId}/report', { params: { path: { agentId: id } }, body, signal: mutationSignal() });
      else await api.POST('/api/reviews/{reviewId}/report', { params: { path: { reviewId: id } }, body, signal: mutationSignal() });
    },
  });
}
