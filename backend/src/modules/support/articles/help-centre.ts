import MiniSearch, { type SearchOptions } from 'minisearch';
import { foldText, processSpanishTerm } from './spanish-text';
import type { SupportArticle } from './support-articles';

export interface SupportCategory {
  id: string;
  name: string;
  count: number;
}

export interface RankedArticle {
  article: SupportArticle;
  score: number;
}

const SEARCH_OPTIONS: SearchOptions = {
  boost: { title: 4, keywords: 3, summary: 2, category: 1.5, body: 1 },
  // Typos in longer words only: a fuzzy 'plan' would also match 'pla', 'clan'…
  fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
  prefix: (term) => term.length >= 4,
  combineWith: 'OR',
};

const MIN_SHARE_OF_BEST = 0.1;

/**
 * The help centre's articles and their full-text index, built once at start-up from the Markdown
 * content (read-only afterwards, so every instance holds the same copy).
 */
export class HelpCentre {
  private readonly bySlug: Map<string, SupportArticle>;
  private readonly index: MiniSearch<SupportArticle>;
  private readonly categoryList: Array<{ id: string; name: string }>;

  constructor(readonly articles: SupportArticle[]) {
    this.bySlug = new Map(articles.map((article) => [article.slug, article]));
    this.index = new MiniSearch<SupportArticle>({
      idField: 'slug',
      fields: ['title', 'keywords', 'summary', 'category', 'body'],
      processTerm: processSpanishTerm,
      searchOptions: SEARCH_OPTIONS,
    });
    this.index.addAll(articles);
    // Articles come sorted by order, so categories follow their first article.
    const categories = new Map<string, string>();
    for (const article of articles) if (!categories.has(article.categoryId)) categories.set(article.categoryId, article.category);
    this.categoryList = [...categories].map(([id, name]) => ({ id, name }));
  }

  get(slug: string): SupportArticle | undefined {
    return this.bySlug.get(slug);
  }

  /** The category whose id or name is given, ignoring case and accents. */
  findCategoryId(category: string): string | undefined {
    const wanted = foldText(category.trim());
    return this.categoryList.find(({ id, name }) => id === wanted || foldText(name) === wanted)?.id;
  }

  /**
   * Best first, leaving out stray hits that score under a tenth of the best one (a fuzzy or
   * prefix match on a passing word); every article, in reading order, when there is no query.
   */
  search(query: string | undefined): RankedArticle[] {
    const text = query?.trim() ?? '';
    if (!text) return this.articles.map((article) => ({ article, score: 0 }));
    const results = this.index.search(text);
    const floor = (results[0]?.score ?? 0) * MIN_SHARE_OF_BEST;
    return results
      .filter((result) => result.score >= floor)
      .map((result) => ({ article: this.bySlug.get(result.id as string)!, score: result.score }));
  }

  /** Every category with how many of the given articles it holds (0 included, in reading order). */
  categories(articles: SupportArticle[]): SupportCategory[] {
    return this.categoryList.map(({ id, name }) => ({
      id,
      name,
      count: articles.filter((article) => article.categoryId === id).length,
    }));
  }
}
