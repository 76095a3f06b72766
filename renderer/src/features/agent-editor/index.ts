export { AgentEditorPage } from './components/AgentEditorPage';
export type { AgentEditorPageProps, AgentEditorTab } from './components/AgentEditorPage';
export { agentEditorStrings } from './strings';
export type { AgentEditor } from './types';
