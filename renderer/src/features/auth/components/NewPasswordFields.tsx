import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useFormLimits } from '../../../shared/config';
import { authStrings } from '../strings';
import { newPassword } from '../utils/formRules';

/** The new password's rule with the identity service's length bounds (GET /api/config), once they have arrived. */
export function useNewPasswordRule() {
  const limits = useFormLimits();
  return newPassword(limits?.identity.password ?? null);
}

interface NewPasswordFieldsProps {
  /** `form.getInputProps('password')` and `form.getInputProps('repeat')`. */
  password: GetInputPropsReturnType;
  repeat: GetInputPropsReturnType;
  autoFocus?: boolean;
}

/** A new password with the policy hint, and its repetition. */
export function NewPasswordFields({ password, repeat, autoFocus }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        label={authStrings.common.newPassword}
        description={authStrings.common.passwordHint}
        {...password}
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
      />
      <PasswordInput label={authStrings.common.repeatPassword} {...repeat} autoComplete="new-password" required />
    </>
  );
}
