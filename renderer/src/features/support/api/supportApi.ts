import { apiClient } from '../../../shared/api';
import type { SupportArticle, SupportArticleList } from '../types';

const SUPPORT_TIMEOUT_MS = 15_000;

export function fetchSupportArticles(
  { q, category }: { q?: string; category?: string },
  signal?: AbortSignal,
): Promise<SupportArticleList> {
  return apiClient.get('/support/articles', {
    query: { q: q?.trim() || undefined, category: category || undefined },
    timeoutMs: SUPPORT_TIMEOUT_MS,
    signal,
  });
}

export function fetchSupportArticle(slug: string, signal?: AbortSignal): Promise<SupportArticle> {
  return apiClient.get(`/support/articles/${encodeURIComponent(slug)}`, { timeoutMs: SUPPORT_TIMEOUT_MS, signal });
}
