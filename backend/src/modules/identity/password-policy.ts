import { FORM_LIMITS } from '../../common/validation/form-limits';
import { Errors } from './cognito-errors';

const { min: MIN_LENGTH, max: MAX_LENGTH } = FORM_LIMITS.identity.password;

const RULES: Array<[RegExp, string]> = [
  [/\p{Lu}/u, 'Password must have uppercase characters'],
  [/\p{Ll}/u, 'Password must have lowercase characters'],
  [/\p{Nd}/u, 'Password must have numeric characters'],
  [/[^\p{L}\p{Nd}]/u, 'Password must have symbol characters'],
];

/** Cognito's default policy: 8 to 256 characters with upper case, lower case, a digit and a symbol. */
export function assertPasswordPolicy(password: unknown): asserts password is string {
  if (typeof password !== 'string' || password.length < MIN_LENGTH) throw Errors.invalidPassword('Password not long enough');
  if (password.length > MAX_LENGTH) throw Errors.invalidPassword('Password is too long');
  if (password !== password.trim()) throw Errors.invalidPassword('Password must not begin or end with a space');
  for (const [rule, reason] of RULES) {
    if (!rule.test(password)) throw Errors.invalidPassword(reason);
  }
}
