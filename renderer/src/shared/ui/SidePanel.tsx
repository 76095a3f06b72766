import type { ReactNode } from 'react';
import { Drawer, type DrawerProps } from '@mantine/core';
import { OVERLAY_ANIMATION_MS, SIDE_PANEL_WIDTH_PX } from '../config/constants';
import { uiStrings } from './strings';

export interface SidePanelProps
  extends Omit<DrawerProps, 'opened' | 'onClose' | 'title' | 'position' | 'size' | 'children'> {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Defaults to the spec's 500 px; never wider than the viewport. */
  width?: number | string;
}

/** Right-hand slide-in panel with a title and a close button. */
export function SidePanel({ opened, onClose, title, children, width = SIDE_PANEL_WIDTH_PX, ...rest }: SidePanelProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={title}
      position="right"
      size={width}
      closeButtonProps={{ 'aria-label': uiStrings.close }}
      transitionProps={{ duration: OVERLAY_ANIMATION_MS }}
      {...rest}
    >
      {children}
    </Drawer>
  );
}
