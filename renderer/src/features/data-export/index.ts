export { DataExportSection } from './components/DataExportSection';
