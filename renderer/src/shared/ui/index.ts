export { AppButton } from './AppButton';
export type { AppButtonProps, AppButtonVariant } from './AppButton';
export { AppModal, scaleFadeTransition, useAppModal } from './AppModal';
export type { AppModalProps } from './AppModal';
export { SidePanel } from './SidePanel';
export type { SidePanelProps } from './SidePanel';
export { uiStrings } from './strings';
