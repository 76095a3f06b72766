import { Injectable } from '@nestjs/common';
import { ArticleNotFoundError } from '../support.errors';
import { ArticleDto, ArticleListDto, ArticleSummaryDto } from './articles.dto';
import { HelpCentre } from './help-centre';
import type { SupportArticle } from './support-articles';

/** A search result the assistant can link to. */
export interface ArticleMatch {
  slug: string;
  title: string;
  summary: string;
  score: number;
}

@Injectable()
export class ArticlesService {
  constructor(private readonly helpCentre: HelpCentre) {}

  list(q?: string, category?: string): ArticleListDto {
    const matching = this.helpCentre.search(q).map(({ article }) => article);
    const categoryId = category ? this.helpCentre.findCategoryId(category) : undefined;
    const articles = category ? matching.filter((article) => article.categoryId === categoryId) : matching;
    return { categories: this.helpCentre.categories(matching), articles: articles.map(toSummary) };
  }

  get(slug: string): ArticleDto {
    const article = this.helpCentre.get(slug);
    if (!article) throw new ArticleNotFoundError();
    return { ...toSummary(article), body: article.body };
  }

  /** Ranked matches for a free-text question, best first. */
  match(question: string, limit: number): ArticleMatch[] {
    return this.helpCentre
      .search(question)
      .filter(({ score }) => score > 0)
      .slice(0, limit)
      .map(({ article, score }) => ({ slug: article.slug, title: article.title, summary: article.summary, score }));
  }

  exists(slug: string): boolean {
    return this.helpCentre.get(slug) !== undefined;
  }
}

function toSummary(article: SupportArticle): ArticleSummaryDto {
  return { slug: article.slug, title: article.title, category: article.category, summary: article.summary };
}
