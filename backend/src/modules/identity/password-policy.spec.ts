import { CognitoError } from './cognito-errors';
import { assertPasswordPolicy } from './password-policy';

describe('assertPasswordPolicy (Cognito default policy)', () => {
  it.each(['Contraseña-segura-1', 'Aa1!aaaa', 'ÑANDÚ-ñandú-9'])('accepts %s', (password) => {
    expect(() => assertPasswordPolicy(password)).not.toThrow();
  });

  it.each([
    [undefined, 'Password not long enough'],
    ['Aa1!aaa', 'Password not long enough'],
    [' Aa1!aaaa', 'Password must not begin or end with a space'],
    ['aa1!aaaa', 'Password must have uppercase characters'],
    ['AA1!AAAA', 'Password must have lowercase characters'],
    ['Aa!aaaaa', 'Password must have numeric characters'],
    ['Aa1aaaaa', 'Password must have symbol characters'],
  ])('refuses %p: %s', (password, reason) => {
    expect(() => assertPasswordPolicy(password)).toThrow(
      expect.objectContaining({ type: 'InvalidPasswordException', message: `Password did not conform with policy: ${reason}` }),
    );
    expect(() => assertPasswordPolicy(password)).toThrow(CognitoError);
  });
});
