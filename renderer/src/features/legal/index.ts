export { CookiesPolicyPage, LegalNoticePage, LegalPage, PrivacyPolicyPage, TermsPage } from './components/LegalPage';
export type { LegalPageProps } from './components/LegalPage';
export { legalDocuments, legalStrings } from './strings';
