import { atom, useSetAtom } from 'jotai';
import { useMemo } from 'react';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  title?: string;
}

export interface ToastInput {
  message: string;
  title?: string;
  /** Defaults to the kind's duration; 0 keeps it until closed. */
  durationMs?: number;
}

/** Long enough to read a sentence; errors stay a little longer. */
export const TOAST_DURATION_MS: Record<ToastKind, number> = {
  success: 4000,
  info: 4000,
  warning: 6000,
  error: 6000,
};
/** More than this and the oldest go first, so a burst of failures cannot cover the screen. */
export const MAX_TOASTS = 4;

export const toastsAtom = atom<Toast[]>([]);

let nextToastId = 1;

export const dismissToastAtom = atom(null, (get, set, id: number) => {
  set(
    toastsAtom,
    get(toastsAtom).filter((toast) => toast.id !== id),
  );
});

export const showToastAtom = atom(null, (get, set, toast: Omit<Toast, 'id'> & { durationMs?: number }) => {
  const id = nextToastId++;
  const { durationMs, ...rest } = toast;
  // The same message twice in a row (a double click) shows once.
  const current = get(toastsAtom).filter((item) => !(item.message === rest.message && item.kind === rest.kind));
  set(toastsAtom, [...current, { id, ...rest }].slice(-MAX_TOASTS));
  const duration = durationMs ?? TOAST_DURATION_MS[rest.kind];
  if (duration > 0) setTimeout(() => set(dismissToastAtom, id), duration);
  return id;
});

export interface ToastApi {
  success(input: string | ToastInput): number;
  error(input: string | ToastInput): number;
  info(input: string | ToastInput): number;
  warning(input: string | ToastInput): number;
  dismiss(id: number): void;
}

const normalise = (input: string | ToastInput): ToastInput => (typeof input === 'string' ? { message: input } : input);

/** Short messages at the corner of the screen, shown by the one `ToastViewport`. */
export function useToast(): ToastApi {
  const show = useSetAtom(showToastAtom);
  const dismiss = useSetAtom(dismissToastAtom);
  return useMemo<ToastApi>(
    () => ({
      success: (input) => show({ kind: 'success', ...normalise(input) }),
      error: (input) => show({ kind: 'error', ...normalise(input) }),
      info: (input) => show({ kind: 'info', ...normalise(input) }),
      warning: (input) => show({ kind: 'warning', ...normalise(input) }),
      dismiss,
    }),
    [show, dismiss],
  );
}
