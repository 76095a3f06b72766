import { authError } from '../testing/amplifyMocks';
import { describeAuthError } from './authErrors';

describe('describeAuthError', () => {
  it.each([
    ['NotAuthorizedException', 'Incorrect username or password.', 'Usuario o contraseña incorrectos.'],
    ['UserNotFoundException', 'User does not exist.', 'Usuario o contraseña incorrectos.'],
    ['NotAuthorizedException', 'User is disabled.', 'Tu cuenta está desactivada. Contacta con soporte.'],
    ['CodeMismatchException', 'Invalid verification code provided', 'El código no es correcto.'],
    ['ExpiredCodeException', 'Invalid code provided, please request a code again.', 'El código ha caducado. Pide uno nuevo.'],
    ['LimitExceededException', 'Attempt limit exceeded', 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.'],
    ['TooManyRequestsException', 'Rate exceeded', 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.'],
    [
      'InvalidPasswordException',
      'Password did not conform with policy',
      'La contraseña debe tener al menos 8 caracteres, con mayúsculas, minúsculas, números y símbolos.',
    ],
    ['UsernameExistsException', 'An account with the given email already exists.', 'Ya existe una cuenta con ese correo.'],
    ['UserAlreadyAuthenticatedException', 'There is already a signed in user.', 'There is already a signed in user.'],
    [
      'AutoSignInException',
      'The autoSignIn flow has not started, or has been cancelled/completed.',
      'The autoSignIn flow has not started, or has been cancelled/completed.',
    ],
    ['AutoSignInException', 'The account was not confirmed on time.', 'The account was not confirmed on time.'],
    ['SignInException', 'Cannot initiate MFA setup from available types: SMS', 'Cannot initiate MFA setup from available types'],
  ])('%s (%s) reads "%s"', (name, message, text) => {
    expect(describeAuthError(authError(name, message)).message).toBe(text);
  });

  it('tells a locked-out user to wait, not that the password is wrong', () => {
    expect(describeAuthError(authError('NotAuthorizedException', 'Password attempts exceeded')).message).toBe(
      'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.',
    );
  });

  it('classifies the cases a screen acts on', () => {
    expect(describeAuthError(authError('UserNotConfirmedException')).kind).toBe('unconfirmed');
    expect(describeAuthError(authError('UserAlreadyAuthenticatedException')).kind).toBe('alreadySignedIn');
    expect(describeAuthError(authError('UserNotFoundException')).kind).toBe('userNotFound');
    expect(describeAuthError(authError('NotAuthorizedException', 'Invalid session for the user, session is expired.')).kind).toBe(
      'challengeExpired',
    );
  });

  it('falls back to a generic Spanish text for anything unknown', () => {
    expect(describeAuthError(new Error('boom')).message).toBe('Ha ocurrido un error inesperado. Inténtalo de nuevo.');
    expect(describeAuthError('nope').message).toBe('Ha ocurrido un error inesperado. Inténtalo de nuevo.');
  });
});
