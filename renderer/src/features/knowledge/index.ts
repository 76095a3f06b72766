export { KnowledgePanel } from './components/KnowledgePanel';
export type { KnowledgePanelProps } from './components/KnowledgePanel';
export { knowledgeStrings } from './strings';
