export { SupportCentrePage } from './components/SupportCentrePage';
export { supportStrings } from './strings';
