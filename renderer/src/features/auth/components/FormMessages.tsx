import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** A failed action: announced to screen readers as an alert. */
export function ErrorMessage({ children, action }: { children: ReactNode; action?: ReactNode }) {
  if (!children) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {children}
      {action && <div style={{ marginTop: 10 }}>{action}</div>}
    </Alert>
  );
}

/** A confirmation or hint (code sent, password changed). */
export function InfoMessage({ children, action }: { children: ReactNode; action?: ReactNode }) {
  if (!children) return null;
  return (
    <Alert color="indigo" variant="light" role="status">
      {children}
      {action && <div style={{ marginTop: 10 }}>{action}</div>}
    </Alert>
  );
}
