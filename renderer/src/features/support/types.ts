export interface SupportCategory {
  id: string;
  name: string;
  count: number;
}

export interface SupportArticleSummary {
  slug: string;
  title: string;
  category: string;
  summary: string;
}

export interface SupportArticle extends SupportArticleSummary {
  /** Markdown. */
  body: string;
}

export interface SupportArticleList {
  categories: SupportCategory[];
  articles: SupportArticleSummary[];
}
