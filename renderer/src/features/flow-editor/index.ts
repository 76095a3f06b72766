export { FlowEditorPage } from './components/FlowEditorPage';
export type { FlowEditorPageProps } from './components/FlowEditorPage';
export { flowEditorStrings } from './strings';
export type { SavedFlow, FlowNode, FlowEdge } from './api/flowQueries';
export type { FlowDraft } from './draft';
