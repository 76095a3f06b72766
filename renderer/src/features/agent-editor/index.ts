export { AgentEditorPage } from './components/AgentEditorPage';
export type { AgentEditorPageProps, AgentEditorTab } from './components/AgentEditorPage';
export { AgentEditorForm } from './components/AgentEditorForm';
export { agentEditorStrings } from './strings';
export type { AgentEditor, CategoryOption } from './types';
export type { SavedAgent } from './api/agentEditorQueries';
