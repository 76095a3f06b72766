export { AgentCreatorPage } from './components/AgentCreatorPage';
export type { AgentCreatorPageProps } from './components/AgentCreatorPage';
export { FineTuningPanel } from './components/FineTuningPanel';
export type { FineTuningPanelProps } from './components/FineTuningPanel';
export { agentCreatorStrings } from './strings';
export type { AgentDraft, SavedAgent } from './api/agentCreatorQueries';
