export { SupportCentrePage } from './components/SupportCentrePage';
export { supportStrings } from './strings';
export type { SupportArticle, SupportArticleList, SupportArticleSummary, SupportCategory } from './types';
