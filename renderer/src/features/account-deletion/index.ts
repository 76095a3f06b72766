export { DeleteAccountSection } from './components/DeleteAccountSection';
export { PendingDeletionGate } from './components/PendingDeletionGate';
