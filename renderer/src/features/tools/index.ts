export { ToolsPanel } from './components/ToolsPanel';
export type { ToolsPanelProps } from './components/ToolsPanel';
export { toolsStrings } from './strings';
