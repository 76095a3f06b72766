export { ProfilePage, PROFILE_TABS } from './ProfilePage';
export type { ProfileTab } from './ProfilePage';
