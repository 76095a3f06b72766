export { FlowEditorPage } from './components/FlowEditorPage';
export type { FlowEditorPageProps } from './components/FlowEditorPage';
export { savedFlowsAtom } from './state/savedFlowsAtoms';
export { flowEditorStrings } from './strings';
export type { SavedFlow, FlowDraft, FlowNode, FlowEdge } from './types';
