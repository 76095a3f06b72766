import { Alert } from '@mantine/core';
import { paymentsStrings as strings } from '../strings';

/** Shown wherever money is shown while the demo gateway runs. */
export function DemoModeNotice({ hint = false }: { hint?: boolean }) {
  return (
    <Alert color="yellow" variant="light" title={strings.demoNotice} role="note" data-testid="demo-mode-notice">
      {hint ? strings.demoHint : null}
    </Alert>
  );
}
