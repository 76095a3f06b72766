import { signIn, signOut } from 'aws-amplify/auth';
import { IdentityAdminService } from '../../src/modules/identity/identity-admin.service';
import { idpCall, signUpAndSignIn } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { configureAmplify } from './amplify-client';

const password = 'Contraseña-segura-1';

/**
 * A disabled account is told so only once its password is proven (issue 31, item 10): the sign-in
 * screen then says 'Tu cuenta está desactivada'. A wrong password gets the answer an unknown
 * account gets, so that nobody learns which accounts exist, or are disabled, without the password.
 */
describe('identity: signing in to a disabled account', () => {
  let testApp: TestApp;
  let clientId: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    clientId = testApp.config.identity.clientId;
    await configureAmplify(testApp);
    const user = await signUpAndSignIn(testApp, 'desactivada@example.com', password);
    expect(await testApp.app.get(IdentityAdminService).setEnabledBySub(user.sub, false)).toBe(true);
  });

  afterEach(async () => {
    await signOut();
  });

  afterAll(() => testApp.close());

  /** What Amplify's signIn (SRP, as the renderer signs in) rejects with. */
  async function srpRefusal(username: string, typed: string) {
    const failure = await signIn({ username, password: typed }).then(
      () => null,
      (error: unknown) => error as { name: string; message: string },
    );
    return failure && { name: failure.name, message: failure.message };
  }

  const passwordRefusal = async (username: string, typed: string) =>
    (await idpCall(testApp, 'InitiateAuth', { ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: username, PASSWORD: typed } }).expect(400))
      .body as { __type: string; message: string };

  it('says the account is disabled to whoever gives its password (SRP and USER_PASSWORD_AUTH)', async () => {
    expect(await srpRefusal('desactivada@example.com', password)).toEqual({ name: 'NotAuthorizedException', message: 'User is disabled.' });
    expect(await passwordRefusal('desactivada@example.com', password)).toEqual({ __type: 'NotAuthorizedException', message: 'User is disabled.' });
  });

  it('answers a wrong password for a disabled account exactly as for an account that does not exist', async () => {
    const disabled = await srpRefusal('desactivada@example.com', 'Otra-contraseña-9');
    const unknown = await srpRefusal('nadie.aqui@example.com', 'Otra-contraseña-9');
    expect(disabled).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(unknown).toEqual(disabled);
    expect(await passwordRefusal('desactivada@example.com', 'Otra-contraseña-9')).toEqual(await passwordRefusal('nadie.aqui@example.com', 'Otra-contraseña-9'));
    expect(await passwordRefusal('desactivada@example.com', 'Otra-contraseña-9')).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });
});
