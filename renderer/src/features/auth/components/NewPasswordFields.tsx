import { PasswordInput } from '@mantine/core';
import { authStrings } from '../strings';

export interface NewPasswordErrors {
  password?: string;
  repeat?: string;
}

/** Both fields required, and the repetition must match (the server enforces the policy). */
export function newPasswordErrors(password: string, repeat: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (!password) errors.password = authStrings.common.required;
  if (!repeat) errors.repeat = authStrings.common.required;
  else if (password && password !== repeat) errors.repeat = authStrings.common.passwordsDoNotMatch;
  return errors;
}

interface NewPasswordFieldsProps {
  password: string;
  repeat: string;
  onPasswordChange: (value: string) => void;
  onRepeatChange: (value: string) => void;
  errors: NewPasswordErrors;
  autoFocus?: boolean;
}

/** A new password with the policy hint, and its repetition. */
export function NewPasswordFields({ password, repeat, onPasswordChange, onRepeatChange, errors, autoFocus }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        label={authStrings.common.newPassword}
        description={authStrings.common.passwordHint}
        value={password}
        onChange={(event) => onPasswordChange(event.currentTarget.value)}
        error={errors.password}
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
      />
      <PasswordInput
        label={authStrings.common.repeatPassword}
        value={repeat}
        onChange={(event) => onRepeatChange(event.currentTarget.value)}
        error={errors.repeat}
        autoComplete="new-password"
        required
      />
    </>
  );
}
