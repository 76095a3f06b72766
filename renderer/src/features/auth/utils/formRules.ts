import type { FieldBounds } from '../../../shared/config';
import { looksLikeEmail } from '../../../shared/email';
import { CODE_LENGTH } from '../constants';
import { authStrings } from '../strings';

const { common, errors } = authStrings;

/** The sign-in steps' field rules, for `useForm({ validate })`: each answers the error text or null. */
export const required = (value: string) => (value.trim() ? null : common.required);

/** A password as typed: spaces count. */
export const requiredPassword = (value: string) => (value ? null : common.required);

/**
 * A new password: required and, once the server has said its length bounds, within them (the
 * identity service enforces the rest of the policy, and its refusal says the same sentence).
 */
export const newPassword = (bounds: FieldBounds | null) => (value: string) => {
  if (!value) return common.required;
  if (bounds && (value.length < bounds.min || value.length > bounds.max)) return errors.invalidPassword;
  return null;
};

/** The repetition of the new password: required, and the same. */
export const repeatedPassword = (value: string, values: { password: string }) => {
  if (!value) return common.required;
  return values.password && values.password !== value ? common.passwordsDoNotMatch : null;
};

/** A six-digit code, whole. */
export const code = (value: string) => (value.length === CODE_LENGTH ? null : common.required);

export const email = (value: string) => {
  if (!value.trim()) return common.required;
  return looksLikeEmail(value) ? null : errors.invalidEmail;
};
