import type { AddressInfo } from 'node:net';
import request from 'supertest';
import {
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { CognitoAccountStates } from '../../src/modules/identity/admin/cognito-account-states';
import { CognitoIdentityAdmin } from '../../src/modules/identity/admin/cognito-identity-admin';
import { LastAdminError } from '../../src/modules/identity/admin/identity-admin.errors';
import { IdentityAdminPort } from '../../src/modules/identity/admin/identity-admin.port';
import { InvalidTokenError } from '../../src/common/auth/id-token-verifier';
import { CognitoIdTokenVerifier } from '../../src/modules/identity/id-token-verifiers';
import { TokenService } from '../../src/modules/identity/services/token.service';
import { VerifiedTokenCache } from '../../src/modules/identity/verified-token-cache';
import { idpCall, signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, createTestAppWith, type TestApp } from '../support/test-app';

jest.setTimeout(90_000);

const ADMIN_KEY = { accessKeyId: 'AKIANOVATESTADMIN001', secretAccessKey: 'clave-secreta-de-prueba-para-firmar-sigv4' };

/**
 * The Cognito identity-admin adapter, through the official AWS SDK, against the embedded identity
 * service, which speaks Cognito's protocol (Admin* operations signed with SigV4) under /idp.
 */
describe('Cognito identity admin (AdminDisableUser, AdminEnableUser, AdminUpdateUserAttributes, AdminUserGlobalSignOut)', () => {
  let testApp: TestApp;
  let endpoint: string;
  let cognito: CognitoIdentityAdmin;
  /** A backend in Cognito mode: the pool's JWKS and issuer, and what admins changed here. */
  let verifier: CognitoIdTokenVerifier;
  const sdk = (credentials = ADMIN_KEY) => new CognitoIdentityProviderClient({ region: testApp.config.identity.region, endpoint, credentials, maxAttempts: 1 });

  const signIn = (email: string) =>
    idpCall(testApp, 'InitiateAuth', {
      ClientId: testApp.config.identity.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: 'Contraseña-segura-1' },
    });

  beforeAll(async () => {
    testApp = await createTestApp({ IDENTITY_ADMIN_ACCESS_KEY_ID: ADMIN_KEY.accessKeyId, IDENTITY_ADMIN_SECRET_ACCESS_KEY: ADMIN_KEY.secretAccessKey });
    await testApp.app.listen(0, '127.0.0.1');
    const { port } = testApp.app.getHttpServer().address() as AddressInfo;
    endpoint = `http://127.0.0.1:${port}/idp`;
    const { region, userPoolId, clientId } = testApp.config.identity;
    const states = testApp.app.get(CognitoAccountStates);
    cognito = new CognitoIdentityAdmin(userPoolId, clientId, { region, endpoint, credentials: ADMIN_KEY, maxAttempts: 1 }, states);
    verifier = new CognitoIdTokenVerifier(
      new VerifiedTokenCache(),
      { issuer: testApp.app.get(TokenService).issuer, clientId },
      states,
      `${endpoint}/${userPoolId}/.well-known/jwks.json`,
    );
  });

  afterAll(() => testApp.close());

  const activeAdmins = async () =>
    (await cognito.list({ page: 1, limit: 100 })).rows.filter((account) => account.enabled && account.role === 'admin').map((account) => account.sub);

  it('disables a user: no sign-in, refresh token dead, their id token refused at once; enabled again they sign in', async () => {
    const ana: SignedInUser = await signUpAndSignIn(testApp, 'ana@example.com');
    await expect(verifier.verify(ana.idToken)).resolves.toMatchObject({ sub: ana.sub, role: 'user' });

    await cognito.setEnabled(ana.sub, false);
    // The verifier had the token cached as valid: it is refused from the very next call.
    await expect(verifier.verify(ana.idToken)).rejects.toBeInstanceOf(InvalidTokenError);
    expect((await signIn('ana@example.com').expect(400)).body).toEqual({ __type: 'NotAuthorizedException', message: 'User is disabled.' });
    const refreshed = await idpCall(testApp, 'InitiateAuth', {
      ClientId: testApp.config.identity.clientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: ana.refreshToken },
    }).expect(400);
    expect(refreshed.body.__type).toBe('NotAuthorizedException');
    await expect(cognito.findBySub(ana.sub)).resolves.toMatchObject({ sub: ana.sub, email: 'ana@example.com', enabled: false, status: 'CONFIRMED', role: 'user' });
    expect((await cognito.list({ status: 'disabled', page: 1, limit: 10 })).rows.map((account) => account.sub)).toEqual([ana.sub]);

    await cognito.setEnabled(ana.sub, true);
    // Tokens count time in whole seconds: everything issued in the second of the disabling stays refused.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const again = (await signIn('ana@example.com').expect(200)).body.AuthenticationResult.IdToken as string;
    await expect(verifier.verify(again)).resolves.toMatchObject({ sub: ana.sub });
    // What was issued before the account was disabled stays refused.
    await expect(verifier.verify(ana.idToken)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('grants and revokes the admin role through custom:role; the token with the old role is refused, the new one carries it', async () => {
    const bob = await signUpAndSignIn(testApp, 'bob@example.com');
    await expect(verifier.verify(bob.idToken)).resolves.toMatchObject({ role: 'user' });

    await cognito.setRole(bob.sub, 'admin');
    await expect(verifier.verify(bob.idToken)).rejects.toBeInstanceOf(InvalidTokenError);
    const got = await sdk().send(new AdminGetUserCommand({ UserPoolId: testApp.config.identity.userPoolId, Username: bob.sub }));
    expect(got.UserAttributes).toContainEqual({ Name: 'custom:role', Value: 'admin' });
    const asAdmin = (await signIn('bob@example.com').expect(200)).body.AuthenticationResult.IdToken as string;
    await expect(verifier.verify(asAdmin)).resolves.toMatchObject({ sub: bob.sub, role: 'admin' });
    expect(await activeAdmins()).toEqual([bob.sub]);

    // The only admin can be neither demoted nor disabled, by the adapter or by a raw Admin* call.
    await expect(cognito.setRole(bob.sub, 'user')).rejects.toBeInstanceOf(LastAdminError);
    await expect(cognito.setEnabled(bob.sub, false)).rejects.toBeInstanceOf(LastAdminError);
    const UserPoolId = testApp.config.identity.userPoolId;
    await expect(
      sdk().send(new AdminUpdateUserAttributesCommand({ UserPoolId, Username: bob.sub, UserAttributes: [{ Name: 'custom:role', Value: 'user' }] })),
    ).rejects.toMatchObject({ message: 'No se puede quitar el rol de administrador al último administrador.' });
    await expect(sdk().send(new AdminDisableUserCommand({ UserPoolId, Username: bob.sub }))).rejects.toMatchObject({
      message: 'No se puede quitar el rol de administrador al último administrador.',
    });
    await expect(verifier.verify(asAdmin)).resolves.toMatchObject({ sub: bob.sub, role: 'admin' });

    // With a second admin, the first may step down.
    const [ana] = (await cognito.list({ search: 'ana@example.com', page: 1, limit: 1 })).rows;
    await cognito.setRole(ana.sub, 'admin');
    await cognito.setRole(bob.sub, 'user');
    await expect(verifier.verify(asAdmin)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(cognito.findBySub(bob.sub)).resolves.toMatchObject({ role: 'user' });
    expect(await activeAdmins()).toEqual([ana.sub]);
  });

  it('lists the pool page by page (ListUsers), with a filter, and searches through the adapter', async () => {
    await signUpAndSignIn(testApp, 'carla@example.com', undefined, 'Carla Gómez');
    const client = sdk();
    const UserPoolId = testApp.config.identity.userPoolId;
    const first = await client.send(new ListUsersCommand({ UserPoolId, Limit: 2 }));
    expect(first.Users).toHaveLength(2);
    expect(first.PaginationToken).toEqual(expect.any(String));
    const rest = await client.send(new ListUsersCommand({ UserPoolId, Limit: 2, PaginationToken: first.PaginationToken }));
    // Every user once across the pages; the order among users created in the same second (bob and
    // carla, often) is by their sub, which is random.
    expect([...(first.Users ?? []), ...(rest.Users ?? [])].map((user) => user.Username).sort()).toEqual(['ana@example.com', 'bob@example.com', 'carla@example.com']);
    expect(rest.PaginationToken).toBeUndefined();
    const filtered = await client.send(new ListUsersCommand({ UserPoolId, Filter: 'email ^= "car"' }));
    expect(filtered.Users?.map((user) => user.Username)).toEqual(['carla@example.com']);
    expect(filtered.Users?.[0].UserCreateDate).toBeInstanceOf(Date);

    const found = await cognito.list({ search: 'gómez', page: 1, limit: 10 });
    expect(found).toMatchObject({ total: 1, rows: [{ email: 'carla@example.com', name: 'Carla Gómez', enabled: true }] });
    expect(await cognito.findBySub('00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('refuses Admin* calls not signed with the configured key pair, and changes nothing', async () => {
    const dora = await signUpAndSignIn(testApp, 'dora@example.com');
    const UserPoolId = testApp.config.identity.userPoolId;
    await expect(sdk({ ...ADMIN_KEY, secretAccessKey: 'otra-clave-secreta-que-no-es-la-buena-000' }).send(new AdminDisableUserCommand({ UserPoolId, Username: dora.sub }))).rejects.toMatchObject({
      name: 'InvalidSignatureException',
    });
    await expect(sdk({ ...ADMIN_KEY, accessKeyId: 'AKIAOTRACLAVE0000001' }).send(new AdminDisableUserCommand({ UserPoolId, Username: dora.sub }))).rejects.toMatchObject({
      name: 'UnrecognizedClientException',
    });
    const unsigned = await idpCall(testApp, 'AdminDisableUser', { UserPoolId, Username: dora.sub }).expect(403);
    expect(unsigned.body.__type).toBe('MissingAuthenticationTokenException');
    await expect(sdk().send(new AdminDisableUserCommand({ UserPoolId: 'us-east-1_Otro', Username: dora.sub }))).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    await signIn('dora@example.com').expect(200);
  });
});

describe('Cognito Admin* operations on an embedded pool without an admin key pair', () => {
  let testApp: TestApp;
  afterAll(() => testApp?.close());

  it('are refused', async () => {
    testApp = await createTestApp();
    const eva = await signUpAndSignIn(testApp, 'eva@example.com');
    const refused = await idpCall(testApp, 'AdminDisableUser', { UserPoolId: testApp.config.identity.userPoolId, Username: eva.sub }).expect(403);
    expect(refused.body).toEqual({ __type: 'AccessDeniedException', message: 'Admin operations are disabled on this user pool.' });
  });
});

describe('the admin area with Amazon Cognito as the identity provider', () => {
  let pool: TestApp;
  let backend: TestApp;

  beforeAll(async () => {
    // The pool: the embedded service standing in for Cognito. The backend reaches it only through the Cognito adapter.
    pool = await createTestApp({ IDENTITY_ADMIN_ACCESS_KEY_ID: ADMIN_KEY.accessKeyId, IDENTITY_ADMIN_SECRET_ACCESS_KEY: ADMIN_KEY.secretAccessKey });
    await pool.app.listen(0, '127.0.0.1');
    const { port } = pool.app.getHttpServer().address() as AddressInfo;
    const { region, userPoolId, clientId } = pool.config.identity;
    const cognito = new CognitoIdentityAdmin(userPoolId, clientId, { region, endpoint: `http://127.0.0.1:${port}/idp`, credentials: ADMIN_KEY, maxAttempts: 1 }, pool.app.get(CognitoAccountStates));
    backend = await createTestAppWith([[IdentityAdminPort, cognito]], { ADMIN_EMAILS: 'jefa@example.com' });
  });

  afterAll(async () => {
    await backend?.close();
    await pool?.close();
  });

  it('lists the pool’s users and disables, enables and re-roles them through Cognito’s admin API, audited', async () => {
    const admin = await signUpAndSignIn(backend, 'jefa@example.com');
    const fede = await signUpAndSignIn(pool, 'fede@example.com');
    const http = () => request(backend.server);
    const signIn = () =>
      idpCall(pool, 'InitiateAuth', { ClientId: pool.config.identity.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'fede@example.com', PASSWORD: 'Contraseña-segura-1' } });

    const listed = (await http().get('/api-admin/users?search=fede').set(admin.authorization).expect(200)).body;
    expect(listed).toMatchObject({ total: 1, items: [{ id: fede.sub, email: 'fede@example.com', status: 'confirmed', role: 'user' }] });

    expect((await http().post(`/api-admin/users/${fede.sub}/disable`).set(admin.authorization).expect(200)).body).toMatchObject({ id: fede.sub, status: 'disabled' });
    expect((await signIn().expect(400)).body.message).toBe('User is disabled.');
    expect((await http().post(`/api-admin/users/${fede.sub}/enable`).set(admin.authorization).expect(200)).body.status).toBe('confirmed');
    await signIn().expect(200);

    expect((await http().put(`/api-admin/users/${fede.sub}/role`).set(admin.authorization).send({ role: 'admin' }).expect(200)).body.role).toBe('admin');
    const token = (await signIn().expect(200)).body.AuthenticationResult.IdToken as string;
    expect(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString())['custom:role']).toBe('admin');

    const audit = (await http().get('/api-admin/audit?limit=10').set(admin.authorization).expect(200)).body.items.map((entry: { action: string; target: string }) => [entry.action, entry.target]);
    expect(audit).toEqual(expect.arrayContaining([['user.disable', `user:${fede.sub}`], ['user.enable', `user:${fede.sub}`], ['user.role', `user:${fede.sub}`]]));
  });
});
