export { PromptVersionsPanel } from './components/PromptVersionsPanel';
export type { PromptVersionsPanelProps } from './components/PromptVersionsPanel';
export { PromptTestCasesPanel } from './components/PromptTestCasesPanel';
export type { PromptTestCasesPanelProps } from './components/PromptTestCasesPanel';
export { promptsStrings } from './strings';
