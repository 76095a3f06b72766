export { PublicationPanel } from './components/PublicationPanel';
export type { PublicationPanelProps } from './components/PublicationPanel';
export { publicationsStrings } from './strings';
export { PUBLICATION_ERRORS } from './state/publicationErrors';
export { publicationsKeys } from './api/publicationsQueries';
export { ApiAvailability } from './components/ApiAvailability';
export { MyApiKeysPanel } from './components/MyApiKeysPanel';
export { ApiSalesEarnings } from './components/ApiSalesEarnings';
