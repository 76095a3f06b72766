import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Modal, type MantineTransition, type ModalProps } from '@mantine/core';
import { MODAL_CLOSE_DELAY_MS, MODAL_MAX_WIDTH_PX, OVERLAY_ANIMATION_MS } from '../config/constants';
import { uiStrings } from './strings';

type TransitionStyles = Exclude<MantineTransition, string>;

/** Entry scales up from 0.5 and fades in; exit scales down and fades out. */
export const scaleFadeTransition: TransitionStyles = {
  in: { opacity: 1, transform: 'scale(1)' },
  out: { opacity: 0, transform: 'scale(0.5)' },
  common: { transformOrigin: 'center' },
  transitionProperty: 'transform, opacity',
};

export interface AppModalProps
  extends Omit<ModalProps, 'opened' | 'onClose' | 'centered' | 'transitionProps' | 'size' | 'children'> {
  opened: boolean;
  /** Called once the 300 ms exit animation has run, so the caller may unmount right away. */
  onClose: () => void;
  /** Defaults to the spec's 450 px; never wider than the viewport. */
  maxWidth?: number | string;
  children?: ReactNode;
}

interface AppModalContextValue {
  close: () => void;
}

const AppModalContext = createContext<AppModalContextValue | null>(null);

/** For content inside an AppModal (e.g. a 'Cancelar' button) to close it with the exit animation. */
export function useAppModal(): AppModalContextValue {
  const value = useContext(AppModalContext);
  if (!value) throw new Error('useAppModal must be used inside an AppModal');
  return value;
}

export function AppModal({ opened, onClose, maxWidth = MODAL_MAX_WIDTH_PX, children, ...rest }: AppModalProps) {
  const [closing, setClosing] = useState(false);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  const clearTimer = useCallback(() => {
    if (timerRef.current !== null) {
      clearTimeout(timerRef.current);
      timerRef.current = null;
    }
  }, []);

  const close = useCallback(() => {
    if (timerRef.current !== null) return;
    setClosing(true);
    timerRef.current = setTimeout(() => {
      timerRef.current = null;
      setClosing(false);
      onCloseRef.current();
    }, MODAL_CLOSE_DELAY_MS);
  }, []);

  // Closed from outside: nothing to report, and a pending close must not fire later.
  useEffect(() => {
    if (!opened) {
      clearTimer();
      setClosing(false);
    }
  }, [opened, clearTimer]);

  useEffect(() => clearTimer, [clearTimer]);

  const contextValue = useMemo(() => ({ close }), [close]);

  return (
    <Modal
      opened={opened && !closing}
      onClose={close}
      centered
      size={maxWidth}
      closeButtonProps={{ 'aria-label': uiStrings.close }}
      transitionProps={{ transition: scaleFadeTransition, duration: OVERLAY_ANIMATION_MS, exitDuration: OVERLAY_ANIMATION_MS }}
      {...rest}
    >
      <AppModalContext.Provider value={contextValue}>{children}</AppModalContext.Provider>
    </Modal>
  );
}
