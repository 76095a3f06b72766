export { EarningsPanel } from './components/EarningsPanel';
export type { EarningsPanelProps } from './components/EarningsPanel';
export { earningsStrings } from './strings';
