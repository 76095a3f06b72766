import { Button, CopyButton } from '@mantine/core';
import { publicationsStrings as strings } from '../strings';

export interface CopyValueButtonProps {
  value: string;
  /** What is copied, for the accessible name ('Copiar: {what}') of a button reading 'Copiar'. */
  what?: string;
  /** The button's own text (and name) instead. */
  label?: string;
}

/** A button that copies a value and says so for two seconds. */
export function CopyValueButton({ value, what, label }: CopyValueButtonProps) {
  const name = label ?? (what ? strings.copy.copyLabel(what) : strings.copy.copy);
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Button size="xs" variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : 'indigo'} onClick={copy} aria-label={name} style={{ flexShrink: 0 }}>
          <span aria-live="polite">{copied ? strings.copy.copied : (label ?? strings.copy.copy)}</span>
        </Button>
      )}
    </CopyButton>
  );
}
