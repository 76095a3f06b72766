import './ToastViewport.css';
import { Notification } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { dismissToastAtom, toastsAtom, type ToastKind } from './toast';
import { uiStrings } from './strings';

const COLORS: Record<ToastKind, string> = { success: 'teal', error: 'red', info: 'indigo', warning: 'yellow' };

/** Rendered once (root layout); shows the toasts raised with `useToast()`, newest at the bottom. */
export function ToastViewport() {
  const toasts = useAtomValue(toastsAtom);
  const dismiss = useSetAtom(dismissToastAtom);
  return (
    <div className="app-toasts" aria-live="polite" aria-label={uiStrings.notifications} role="region">
      {toasts.map((toast) => (
        <Notification
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          color={COLORS[toast.kind]}
          title={toast.title}
          withBorder
          // Under a title Mantine dims the message, to 3.5:1 on the toast's dark-6: below what axe asks.
          styles={{ description: { color: 'var(--mantine-color-text)' } }}
          data-toast-kind={toast.kind}
          closeButtonProps={{ 'aria-label': uiStrings.closeNotification }}
          onClose={() => dismiss(toast.id)}
        >
          {toast.message}
        </Notification>
      ))}
    </div>
  );
}
