import {
  autoSignIn,
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  fetchUserAttributes,
  getCurrentUser,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import { IdTokenVerifier, InvalidTokenError } from '../../src/common/auth/id-token-verifier';
import { idpCall, latestCode } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { claims, configureAmplify, storedRefreshToken } from './amplify-client';
import { mailsArrived } from './outbox';

const password = 'Contraseña-segura-1';

/**
 * Amplify runs autoSignIn through a 300 ms debounce kept for the whole module: a call within 300 ms
 * of the one before (the previous test's, on a fast machine) is dropped, and its promise never
 * settles. So each call here comes after that window.
 */
const AMPLIFY_AUTO_SIGN_IN_DEBOUNCE_MS = 300;
async function autoSignInPastDebounce() {
  await new Promise((resolve) => setTimeout(resolve, AMPLIFY_AUTO_SIGN_IN_DEBOUNCE_MS + 50));
  return autoSignIn();
}

describe('aws-amplify against the embedded identity service: sign-up, sign-in, sessions', () => {
  let testApp: TestApp;
  let clientId: string;

  beforeAll(async () => {
    testApp = await createTestApp({ ADMIN_EMAILS: 'jefa@example.com' });
    clientId = testApp.config.identity.clientId;
    await configureAmplify(testApp);
  });

  afterEach(async () => {
    await signOut();
  });

  afterAll(() => testApp.close());

  async function registered(email: string, name = 'Usuaria') {
    const { userId } = await signUp({ username: email, password, options: { userAttributes: { email, name } } });
    await confirmSignUp({ username: email, confirmationCode: latestCode(testApp, email) });
    return userId!;
  }

  it('signs a user up, confirms them with the e-mailed code and signs them in with SRP', async () => {
    const email = 'ana@example.com';
    const signedUp = await signUp({ username: email, password, options: { userAttributes: { email, name: 'Ana' } } });
    expect(signedUp).toMatchObject({
      isSignUpComplete: false,
      nextStep: {
        signUpStep: 'CONFIRM_SIGN_UP',
        codeDeliveryDetails: { destination: 'a***@e***.com', deliveryMedium: 'EMAIL', attributeName: 'email' },
      },
    });
    expect(signedUp.userId).toMatch(/^[0-9a-f-]{36}$/);

    const confirmed = await confirmSignUp({ username: email, confirmationCode: latestCode(testApp, email) });
    expect(confirmed).toEqual({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });

    expect(await signIn({ username: email, password })).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const { tokens } = await fetchAuthSession();
    expect(tokens?.idToken?.payload).toMatchObject({
      sub: signedUp.userId,
      email,
      email_verified: true,
      name: 'Ana',
      'cognito:username': email,
      'custom:role': 'user',
      token_use: 'id',
      aud: clientId,
    });
    expect(tokens?.accessToken.payload).toMatchObject({
      sub: signedUp.userId,
      token_use: 'access',
      username: email,
      client_id: clientId,
      scope: 'aws.cognito.signin.user.admin',
    });
    expect(await getCurrentUser()).toMatchObject({ username: email, userId: signedUp.userId });
    expect(await fetchUserAttributes()).toEqual({
      sub: signedUp.userId,
      email,
      email_verified: 'true',
      name: 'Ana',
      'custom:role': 'user',
    });
  });

  it('gives the admin role to an address listed in ADMIN_EMAILS', async () => {
    await registered('jefa@example.com');
    await signIn({ username: 'jefa@example.com', password });
    expect((await fetchAuthSession()).tokens?.idToken?.payload['custom:role']).toBe('admin');
  });

  it('refreshes the tokens when forced, within the same session', async () => {
    await registered('refresco@example.com');
    await signIn({ username: 'refresco@example.com', password });
    const before = (await fetchAuthSession()).tokens!.idToken!.toString();
    const after = (await fetchAuthSession({ forceRefresh: true })).tokens!.idToken!.toString();
    expect(after).not.toBe(before);
    expect(claims(after)).toMatchObject({ origin_jti: claims(before).origin_jti, auth_time: claims(before).auth_time });
  });

  it('after a global sign-out, neither the refresh token nor the old id token works', async () => {
    await registered('global@example.com');
    await signIn({ username: 'global@example.com', password });
    const refreshToken = await storedRefreshToken(clientId);
    const idToken = (await fetchAuthSession()).tokens!.idToken!.toString();
    const verifier = testApp.app.get(IdTokenVerifier);
    await expect(verifier.verify(idToken)).resolves.toMatchObject({ username: 'global@example.com', role: 'user' });

    await signOut({ global: true });

    expect((await fetchAuthSession()).tokens).toBeUndefined();
    const refresh = await idpCall(testApp, 'GetTokensFromRefreshToken', { ClientId: clientId, RefreshToken: refreshToken }).expect(400);
    expect(refresh.body.__type).toBe('NotAuthorizedException');
    await expect(verifier.verify(idToken)).rejects.toBeInstanceOf(InvalidTokenError);

    expect(await signIn({ username: 'global@example.com', password })).toMatchObject({ isSignedIn: true });
    await expect(verifier.verify((await fetchAuthSession()).tokens!.idToken!.toString())).resolves.toBeDefined();
  });

  it('a plain sign-out revokes the refresh token of that session', async () => {
    await registered('local@example.com');
    await signIn({ username: 'local@example.com', password });
    const refreshToken = await storedRefreshToken(clientId);
    await signOut();
    const refresh = await idpCall(testApp, 'GetTokensFromRefreshToken', { ClientId: clientId, RefreshToken: refreshToken }).expect(400);
    expect(refresh.body).toEqual({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
  });

  it('signs in automatically after the code confirms the sign-up (password SRP)', async () => {
    const email = 'auto@example.com';
    const signedUp = await signUp({ username: email, password, options: { userAttributes: { email, name: 'Auto' }, autoSignIn: true } });
    expect(signedUp.nextStep.signUpStep).toBe('CONFIRM_SIGN_UP');
    const confirmed = await confirmSignUp({ username: email, confirmationCode: latestCode(testApp, email) });
    expect(confirmed.nextStep.signUpStep).toBe('COMPLETE_AUTO_SIGN_IN');
    expect(await autoSignInPastDebounce()).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect((await getCurrentUser()).username).toBe(email);
  });

  it('signs in automatically with the session ConfirmSignUp returns (USER_AUTH)', async () => {
    const email = 'sesion@example.com';
    await signUp({
      username: email,
      password,
      options: { userAttributes: { email, name: 'Sesión' }, autoSignIn: { authFlowType: 'USER_AUTH' } },
    });
    const confirmed = await confirmSignUp({ username: email, confirmationCode: latestCode(testApp, email) });
    expect(confirmed.nextStep.signUpStep).toBe('COMPLETE_AUTO_SIGN_IN');
    expect(await autoSignInPastDebounce()).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect((await getCurrentUser()).username).toBe(email);
  });

  it('resends the confirmation code, and only the newest code confirms', async () => {
    const email = 'reenvio@example.com';
    await signUp({ username: email, password, options: { userAttributes: { email, name: 'Reenvío' } } });
    const first = latestCode(testApp, email);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await resendSignUpCode({ username: email })).toEqual({
      destination: 'r***@e***.com',
      deliveryMedium: 'EMAIL',
      attributeName: 'email',
    });
    await mailsArrived(testApp, email, 2);
    const second = latestCode(testApp, email);
    if (first !== second) {
      await expect(confirmSignUp({ username: email, confirmationCode: first })).rejects.toMatchObject({ name: 'CodeMismatchException' });
    }
    await expect(confirmSignUp({ username: email, confirmationCode: second })).resolves.toMatchObject({ isSignUpComplete: true });
  });

  it('tells an unconfirmed user to confirm, once the password is right', async () => {
    const email = 'pendiente@example.com';
    await signUp({ username: email, password, options: { userAttributes: { email, name: 'Pendiente' } } });
    await expect(signIn({ username: email, password: 'Otra-contraseña-1' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(await signIn({ username: email, password })).toEqual({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    await registered('clave@example.com');
    const wrong = signIn({ username: 'clave@example.com', password: 'Incorrecta-1' });
    await expect(wrong).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    const unknown = signIn({ username: 'nadie@example.com', password });
    await expect(unknown).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  it('resets a forgotten password with the e-mailed code', async () => {
    const email = 'olvido@example.com';
    await registered(email);
    await signIn({ username: email, password });
    const oldRefreshToken = await storedRefreshToken(clientId);
    await signOut();

    const reset = await resetPassword({ username: email });
    expect(reset).toEqual({
      isPasswordReset: false,
      nextStep: {
        resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
        codeDeliveryDetails: { destination: 'o***@e***.com', deliveryMedium: 'EMAIL', attributeName: 'email' },
      },
    });
    const newPassword = 'Nueva-contraseña-2';
    // The sign-up code, then the reset code.
    await mailsArrived(testApp, email, 2);
    await expect(
      confirmResetPassword({ username: email, confirmationCode: '000000', newPassword }),
    ).rejects.toMatchObject({ name: 'CodeMismatchException' });
    await expect(
      confirmResetPassword({ username: email, confirmationCode: latestCode(testApp, email), newPassword: 'debil' }),
    ).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    await confirmResetPassword({ username: email, confirmationCode: latestCode(testApp, email), newPassword });

    await expect(signIn({ username: email, password })).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect(await signIn({ username: email, password: newPassword })).toMatchObject({ isSignedIn: true });
    const refresh = await idpCall(testApp, 'GetTokensFromRefreshToken', { ClientId: clientId, RefreshToken: oldRefreshToken }).expect(400);
    expect(refresh.body.__type).toBe('NotAuthorizedException');
  });

  it('answers a reset for an unknown address like any other (no account enumeration)', async () => {
    const reset = await resetPassword({ username: 'fantasma@example.com' });
    expect(reset.nextStep).toMatchObject({
      resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
      codeDeliveryDetails: { destination: 'f***@e***.com', deliveryMedium: 'EMAIL' },
    });
    await expect(
      confirmResetPassword({ username: 'fantasma@example.com', confirmationCode: '123456', newPassword: 'Nueva-contraseña-2' }),
    ).rejects.toMatchObject({ name: 'CodeMismatchException' });
  });

  it('signs in with SRP by e-mail an account whose username is not its e-mail, and by username', async () => {
    const email = 'lucia.real@example.com';
    const { userId } = await signUp({ username: 'lucia', password, options: { userAttributes: { email, name: 'Lucía' } } });
    await confirmSignUp({ username: 'lucia', confirmationCode: latestCode(testApp, email) });
    expect(await signIn({ username: 'Lucia.Real@example.com', password })).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect((await getCurrentUser()).userId).toBe(userId);
    await signOut();
    expect(await signIn({ username: 'lucia', password })).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    await signOut();
    await expect(signIn({ username: email, password: 'Otra-contraseña-1' })).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('signs in with USER_PASSWORD_AUTH', async () => {
    await registered('plana@example.com');
    const result = await signIn({ username: 'plana@example.com', password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    expect(result).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
  });

  it('signs in with USER_AUTH, by preferred challenge or by choosing the first factor', async () => {
    await registered('eleccion@example.com');
    for (const preferredChallenge of ['PASSWORD_SRP', 'PASSWORD'] as const) {
      const result = await signIn({
        username: 'eleccion@example.com',
        password,
        options: { authFlowType: 'USER_AUTH', preferredChallenge },
      });
      expect(result).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
      await signOut();
    }
    const started = await signIn({ username: 'eleccion@example.com', options: { authFlowType: 'USER_AUTH' } });
    expect(started.nextStep).toEqual({
      signInStep: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION',
      availableChallenges: ['PASSWORD', 'PASSWORD_SRP'],
    });
    expect((await confirmSignIn({ challengeResponse: 'PASSWORD_SRP' })).nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_PASSWORD');
    expect(await confirmSignIn({ challengeResponse: password })).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
  });
});
