import { PasswordInput } from '@mantine/core';
import { useFormLimits, type FieldBounds } from '../../../shared/config';
import { authStrings } from '../strings';

export interface NewPasswordErrors {
  password?: string;
  repeat?: string;
}

/** The password's length bounds of the identity service (GET /api/config); null until they arrive. */
export function usePasswordBounds(): FieldBounds | null {
  return useFormLimits()?.identity.password ?? null;
}

/**
 * Both fields required, the password within the identity service's length bounds once they are
 * known (it enforces the rest of the policy, and its refusal says the same sentence), and the
 * repetition the same.
 */
export function newPasswordErrors(password: string, repeat: string, bounds: FieldBounds | null): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (!password) errors.password = authStrings.common.required;
  else if (bounds && (password.length < bounds.min || password.length > bounds.max)) errors.password = authStrings.errors.invalidPassword;
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
