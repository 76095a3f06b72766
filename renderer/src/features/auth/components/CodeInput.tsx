import { TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { CODE_LENGTH } from '../constants';
import { authStrings } from '../strings';

interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  label?: string;
  autoFocus?: boolean;
}

/** A six-digit code; pasted text keeps its digits only. */
export function CodeInput({ value, onChange, error, label = authStrings.common.code, autoFocus }: CodeInputProps) {
  return (
    <TextInput
      label={label}
      placeholder={authStrings.common.codePlaceholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
      error={error || undefined}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={CODE_LENGTH}
      required
      autoFocus={autoFocus}
      styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}
