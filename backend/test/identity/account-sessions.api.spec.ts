import request from 'supertest';
import { DataSource } from 'typeorm';
import { runAdminCommand } from '../../src/cli/admin';
import { IdentityUser } from '../../src/modules/identity/entities/identity-user.entity';
import { IdentityAdminService } from '../../src/modules/identity/identity-admin.service';
import { InvalidTokenError } from '../../src/common/auth/id-token-verifier';
import { EmbeddedIdTokenVerifier } from '../../src/modules/identity/id-token-verifiers';
import { TokenService } from '../../src/modules/identity/services/token.service';
import { VerifiedTokenCache } from '../../src/modules/identity/verified-token-cache';
import { idpCall, signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { claims } from './amplify-client';
import { mailsTo } from './outbox';

const password = 'Contraseña-segura-1';

/**
 * A role change or a disabled account ends the user's sessions at once: the refresh tokens are
 * revoked and the id and access tokens already handed out are refused from the next call, without
 * waiting for them to expire (an hour) or for the token cache's once-a-minute session check.
 */
describe('identity: role changes and disabled accounts end the sessions', () => {
  let testApp: TestApp;
  let clientId: string;
  let other: SignedInUser;

  beforeAll(async () => {
    testApp = await createTestApp({ ADMIN_EMAILS: 'jefa@example.com,segunda@example.com' });
    clientId = testApp.config.identity.clientId;
    other = await signUpAndSignIn(testApp, 'otra@example.com');
    await request(testApp.server).post('/api/users/registration').set(other.authorization).send({ contactName: 'Otra' }).expect(201);
  });

  afterAll(() => testApp.close());

  const http = () => request(testApp.server);
  const readOther = (user: SignedInUser) => http().get(`/api/users/registration/${other.sub}`).set(user.authorization);
  const refresh = (user: SignedInUser) => idpCall(testApp, 'GetTokensFromRefreshToken', { ClientId: clientId, RefreshToken: user.refreshToken });
  const passwordSignIn = (email: string) =>
    idpCall(testApp, 'InitiateAuth', { ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } });

  it('takes admin rights away on the next call when `npm run admin -- revoke` runs in another process', async () => {
    const admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    // Another admin, so that revoking this one does not leave the platform without any.
    await signUpAndSignIn(testApp, 'segunda@example.com');
    // The token is verified and cached by this backend before the operator acts.
    await readOther(admin).expect(200);
    await http().get('/api-admin/lo-que-sea').set(admin.authorization).expect(404);

    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      // Its own application context, as the CLI process has: another token cache than the server's.
      await expect(runAdminCommand(['revoke', 'Jefa@Example.com'], testApp.config)).resolves.toBe(0);
      expect(log).toHaveBeenCalledWith('Jefa@Example.com ya no es administrador. Sus sesiones se han cerrado: volverá a iniciar sesión.');
    } finally {
      log.mockRestore();
    }

    await readOther(admin).expect(401);
    await http().get('/api-admin/lo-que-sea').set(admin.authorization).expect(401);
    expect((await refresh(admin).expect(400)).body.message).toBe('Refresh Token has been revoked');
    const again = await passwordSignIn('jefa@example.com').expect(200);
    expect(claims(again.body.AuthenticationResult.IdToken)['custom:role']).toBe('user');
    const demoted = { Authorization: `Bearer ${again.body.AuthenticationResult.IdToken}` };
    await http().get(`/api/users/registration/${other.sub}`).set(demoted).expect(403);
    await http().get('/api-admin/lo-que-sea').set(demoted).expect(403);
  });

  it('ends a user’s sessions on this instance at once when the role service changes their role', async () => {
    const user = await signUpAndSignIn(testApp, 'ascendida@example.com');
    await http().get(`/api/users/${user.sub}/interaction-state`).set(user.authorization).expect(200);
    expect(await testApp.app.get(IdentityAdminService).setRoleByEmail('ascendida@example.com', 'admin')).toBe(true);
    await http().get(`/api/users/${user.sub}/interaction-state`).set(user.authorization).expect(401);
    expect((await idpCall(testApp, 'GetUser', { AccessToken: user.accessToken }).expect(400)).body.message).toBe('Access Token has been revoked');
    expect((await refresh(user).expect(400)).body.message).toBe('Refresh Token has been revoked');
    const promoted = await passwordSignIn('ascendida@example.com').expect(200);
    await http().get(`/api/users/registration/${other.sub}`).set({ Authorization: `Bearer ${promoted.body.AuthenticationResult.IdToken}` }).expect(200);
  });

  it('refuses a disabled account everything at once, and lets it back in once enabled', async () => {
    const user = await signUpAndSignIn(testApp, 'baja@example.com');
    await http().get(`/api/users/${user.sub}/interaction-state`).set(user.authorization).expect(200);
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await expect(runAdminCommand(['disable', 'baja@example.com'], testApp.config)).resolves.toBe(0);
    } finally {
      log.mockRestore();
    }
    // Disabled from another process: a user's cached token is re-checked within a minute, and the
    // revoked sessions show at once wherever the token is checked afresh.
    expect((await idpCall(testApp, 'GetUser', { AccessToken: user.accessToken }).expect(400)).body.message).toBe('Access Token has been revoked');
    expect((await refresh(user).expect(400)).body.__type).toBe('NotAuthorizedException');
    expect((await passwordSignIn('baja@example.com').expect(400)).body).toEqual({ __type: 'NotAuthorizedException', message: 'User is disabled.' });
    // A reset cannot bring a disabled account back: it is answered like any other, and no code is sent.
    const mailsBefore = mailsTo(testApp, 'baja@example.com');
    await idpCall(testApp, 'ForgotPassword', { ClientId: clientId, Username: 'baja@example.com' }).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(testApp, 'baja@example.com')).toBe(mailsBefore);

    expect(await testApp.app.get(IdentityAdminService).setEnabledByEmail('baja@example.com', true)).toBe(true);
    const back = await passwordSignIn('baja@example.com').expect(200);
    await http()
      .get(`/api/users/${user.sub}/interaction-state`)
      .set({ Authorization: `Bearer ${back.body.AuthenticationResult.IdToken}` })
      .expect(200);
  });

  it('disabling through the service refuses the user’s cached id token on this instance at once', async () => {
    const user = await signUpAndSignIn(testApp, 'desactivada@example.com');
    await http().get(`/api/users/${user.sub}/interaction-state`).set(user.authorization).expect(200);
    expect(await testApp.app.get(IdentityAdminService).setEnabledByEmail('desactivada@example.com', false)).toBe(true);
    await http().get(`/api/users/${user.sub}/interaction-state`).set(user.authorization).expect(401);
  });

  it('reads the current role and state when it re-checks a token, not only the token’s claim', async () => {
    const user = await signUpAndSignIn(testApp, 'cambiada@example.com');
    const users = testApp.app.get(DataSource).getRepository(IdentityUser);
    // A verifier with its own cache, as another instance of the backend has, changed behind its back.
    const elsewhere = () => new EmbeddedIdTokenVerifier(testApp.app.get(TokenService), new VerifiedTokenCache());
    await expect(elsewhere().verify(user.idToken)).resolves.toMatchObject({ role: 'user' });
    await users.update({ sub: user.sub }, { role: 'admin' });
    await expect(elsewhere().verify(user.idToken)).rejects.toBeInstanceOf(InvalidTokenError);
    await users.update({ sub: user.sub }, { role: 'user', enabled: false });
    await expect(elsewhere().verify(user.idToken)).rejects.toBeInstanceOf(InvalidTokenError);
    await users.update({ sub: user.sub }, { enabled: true });
    await expect(elsewhere().verify(user.idToken)).resolves.toMatchObject({ role: 'user' });
  });
});
