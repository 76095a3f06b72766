export { ContactPage } from './components/ContactPage';
export { CONTACT_SECTIONS, contactStrings } from './strings';
export type { ContactSection } from './api/contactQueries';
