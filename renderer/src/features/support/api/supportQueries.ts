import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withTimeout, type components } from '../../../shared/api';

export type SupportCategory = components['schemas']['SupportCategoryDto'];

const SUPPORT_TIMEOUT_MS = 15_000;

export const supportKeys = {
  articles: (q: string, category: string) => ['support', 'articles', { q, category }] as const,
  article: (slug: string) => ['support', 'article', slug] as const,
};

/** The help centre's categories and the articles found; the last answer stays on screen while the next search loads. */
export function useSupportArticles(q: string, category: string) {
  return useQuery({
    queryKey: supportKeys.articles(q.trim(), category),
    queryFn: async ({ signal }) =>
      (
        await api.GET('/api/support/articles', {
          params: { query: { q: q.trim() || undefined, category: category || undefined } },
          signal: withTimeout(signal, SUPPORT_TIMEOUT_MS),
        })
      ).data!,
    placeholderData: keepPreviousData,
  });
}

export function useSupportArticle(slug: string) {
  return useQuery({
    queryKey: supportKeys.article(slug),
    queryFn: async ({ signal }) =>
      (await api.GET('/api/support/articles/{slug}', { params: { path: { slug } }, signal: withTimeout(signal, SUPPORT_TIMEOUT_MS) })).data!,
  });
}
