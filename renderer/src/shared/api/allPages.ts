import { apiClient, type QueryParams } from './apiClient';

/** A list answered a page at a time (GET /agents with page or limit). */
interface Page<T> {
  items: T[];
  total: number;
  totalIsExact?: boolean;
}

/** The server's largest page (and its cap on a list asked for without paging). */
export const LIST_PAGE_LIMIT = 100;

/**
 * Every item of a list the server answers in pages of at most 100: a creator's own agents, say,
 * which may be more than one answer holds. Asks page after page until the total is reached, or,
 * past the server's exact count, until a page comes back short.
 */
export async function getAllPages<T>(path: string, options: { query?: QueryParams; timeoutMs: number; signal?: AbortSignal }): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await apiClient.get<Page<T>>(path, { ...options, query: { ...options.query, page, limit: LIST_PAGE_LIMIT } });
    const pageItems = answer?.items ?? [];
    items.push(...pageItems);
    const reachedTotal = answer?.totalIsExact !== false && items.length >= (answer?.total ?? 0);
    if (pageItems.length < LIST_PAGE_LIMIT || reachedTotal) return items;
  }
}
