import { Secret, TOTP } from 'otpauth';
import {
  confirmSignIn,
  confirmSignUp,
  fetchMFAPreference,
  setUpTOTP,
  signIn,
  signOut,
  signUp,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { latestCode } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { configureAmplify } from './amplify-client';

const password = 'Contraseña-segura-1';

/** The code an authenticator app shows `offsetSteps` 30-second steps from `at`. */
function totpCode(secret: string, offsetSteps = 0, at = Date.now()): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: at + offsetSteps * 30_000 });
}

/** A six-digit code no step around now produces. */
function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1].map((offset) => totpCode(secret, offset)));
  return ['000000', '111111', '222222'].find((code) => !valid.has(code))!;
}

describe('aws-amplify against the embedded identity service: MFA', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
    await configureAmplify(testApp);
  });

  afterEach(() => signOut());
  afterAll(() => testApp.close());

  async function signedInUser(email: string) {
    await signUp({ username: email, password, options: { userAttributes: { email, name: 'MFA' } } });
    await confirmSignUp({ username: email, confirmationCode: latestCode(testApp, email) });
    await signIn({ username: email, password });
  }

  it('enrols an authenticator app and then asks for its code at every sign-in', async () => {
    const email = 'totp@example.com';
    await signedInUser(email);
    const details = await setUpTOTP();
    expect(details.sharedSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(details.getSetupUri('Nova').toString()).toContain(`secret=${details.sharedSecret}`);

    await expect(verifyTOTPSetup({ code: wrongCode(details.sharedSecret) })).rejects.toMatchObject({
      name: 'EnableSoftwareTokenMFAException',
    });
    const setUpAt = Date.now();
    const setUpCode = totpCode(details.sharedSecret, 0, setUpAt);
    await verifyTOTPSetup({ code: setUpCode });
    await updateMFAPreference({ totp: 'PREFERRED' });
    expect(await fetchMFAPreference()).toEqual({ preferred: 'TOTP', enabled: ['TOTP'] });
    await signOut();

    expect(await signIn({ username: email, password })).toEqual({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' },
    });
    await expect(confirmSignIn({ challengeResponse: wrongCode(details.sharedSecret) })).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    // A code already accepted (here at set-up) is never accepted again.
    await expect(confirmSignIn({ challengeResponse: setUpCode })).rejects.toMatchObject({ name: 'CodeMismatchException' });
    expect(await confirmSignIn({ challengeResponse: totpCode(details.sharedSecret, 1, setUpAt) })).toEqual({
      isSignedIn: true,
      nextStep: { signInStep: 'DONE' },
    });
  });

  it('refuses to turn TOTP on before an app has been verified', async () => {
    await signedInUser('sin-app@example.com');
    await expect(updateMFAPreference({ totp: 'PREFERRED' })).rejects.toMatchObject({ name: 'InvalidParameterException' });
  });

  it('sends a sign-in code by e-mail when e-mail MFA is on', async () => {
    const email = 'correo-mfa@example.com';
    await signedInUser(email);
    await updateMFAPreference({ email: 'PREFERRED' });
    expect(await fetchMFAPreference()).toEqual({ preferred: 'EMAIL', enabled: ['EMAIL'] });
    await signOut();

    expect(await signIn({ username: email, password })).toEqual({
      isSignedIn: false,
      nextStep: {
        signInStep: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
        codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'c***@e***.com' },
      },
    });
    const code = latestCode(testApp, email);
    await expect(confirmSignIn({ challengeResponse: code === '000000' ? '000001' : '000000' })).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    expect(await confirmSignIn({ challengeResponse: code })).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
  });

  it('lets the user choose when two MFA types are on and none is preferred', async () => {
    const email = 'dos@example.com';
    await signedInUser(email);
    const { sharedSecret } = await setUpTOTP();
    await verifyTOTPSetup({ code: totpCode(sharedSecret) });
    await updateMFAPreference({ totp: 'ENABLED', email: 'ENABLED' });
    expect(await fetchMFAPreference()).toEqual({ enabled: ['TOTP', 'EMAIL'] });
    await signOut();

    expect(await signIn({ username: email, password })).toEqual({
      isSignedIn: false,
      nextStep: { signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMFATypes: ['TOTP', 'EMAIL'] },
    });
    expect((await confirmSignIn({ challengeResponse: 'EMAIL' })).nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
    expect(await confirmSignIn({ challengeResponse: latestCode(testApp, email) })).toMatchObject({ isSignedIn: true });
  });
});
