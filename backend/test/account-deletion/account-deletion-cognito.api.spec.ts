import type { AddressInfo } from 'node:net';
import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { IdTokenVerifier } from '../../src/common/auth/id-token-verifier';
import { CognitoAccountStates } from '../../src/modules/identity/admin/cognito-account-states';
import { CognitoIdentityAdmin } from '../../src/modules/identity/admin/cognito-identity-admin';
import { IdentityAdminPort } from '../../src/modules/identity/admin/identity-admin.port';
import { IdentityUser } from '../../src/modules/identity/entities/identity-user.entity';
import { CognitoIdTokenVerifier } from '../../src/modules/identity/id-token-verifiers';
import { TokenService } from '../../src/modules/identity/services/token.service';
import { VerifiedTokenCache } from '../../src/modules/identity/verified-token-cache';
import { mailsArrived, mailsTo } from '../identity/outbox';
import { idpCall, latestCode, signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, createTestAppWith, type TestApp } from '../support/test-app';
import { everyRowNaming } from './every-table';

jest.setTimeout(180_000);

const ADMIN_KEY = { accessKeyId: 'AKIANOVATESTADMIN001', secretAccessKey: 'clave-secreta-de-prueba-para-firmar-sigv4' };
const PASSWORD = 'Contraseña-segura-1';

/** Stands in for a provider built after the application (it needs the application's own CognitoAccountStates). */
function late<T extends object>(get: () => T | undefined): T {
  return new Proxy({} as T, {
    get: (_target, property) => {
      const target = get();
      if (!target) return undefined;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Issue 37 with Amazon Cognito as the identity provider: the backend reaches the pool (the
 * embedded service standing in for Cognito, through the AWS SDK) to prove the password and the
 * authenticator's code (InitiateAuth, RespondToAuthChallenge), sign the user out everywhere
 * (AdminUserGlobalSignOut) and delete them (AdminDeleteUser), and refuses their Cognito id tokens
 * itself. On SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('account deletion with Amazon Cognito', () => {
  let pool: TestApp;
  let backend: TestApp;
  let admin: SignedInUser;
  let cognito: CognitoIdentityAdmin | undefined;
  let verifier: CognitoIdTokenVerifier | undefined;
  const http = () => request(backend.server);

  beforeAll(async () => {
    pool = await createTestApp({ IDENTITY_ADMIN_ACCESS_KEY_ID: ADMIN_KEY.accessKeyId, IDENTITY_ADMIN_SECRET_ACCESS_KEY: ADMIN_KEY.secretAccessKey, ADMIN_EMAILS: 'jefa@example.com' });
    await pool.app.listen(0, '127.0.0.1');
    const endpoint = `http://127.0.0.1:${(pool.app.getHttpServer().address() as AddressInfo).port}/idp`;
    const { region, userPoolId, clientId } = pool.config.identity;
    backend = await createTestAppWith(
      [
        [IdentityAdminPort, late(() => cognito)],
        [IdTokenVerifier, late(() => verifier)],
      ],
      { COGNITO_USER_POOL_ID: userPoolId, COGNITO_CLIENT_ID: clientId, COGNITO_ENDPOINT: endpoint, AWS_REGION: region },
    );
    const states = backend.app.get(CognitoAccountStates);
    cognito = new CognitoIdentityAdmin(userPoolId, clientId, { region, endpoint, credentials: ADMIN_KEY, maxAttempts: 1 }, states);
    verifier = new CognitoIdTokenVerifier(new VerifiedTokenCache(), { issuer: pool.app.get(TokenService).issuer, clientId }, states, `${endpoint}/${userPoolId}/.well-known/jwks.json`);
    admin = await signUpAndSignIn(pool, 'jefa@example.com');
  });

  afterAll(async () => {
    await backend?.close();
    await pool?.close();
  });

  const signIn = async (email: string) => {
    const { body } = await idpCall(pool, 'InitiateAuth', { ClientId: pool.config.identity.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD } });
    return body as { AuthenticationResult?: { IdToken: string }; __type?: string };
  };
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('proves the password at Cognito, ends the sessions there and here, holds the account until cancelled', async () => {
    const ana = await signUpAndSignIn(pool, 'ana@example.com', PASSWORD);
    await http().post('/api/conversations').set(ana.authorization).send({ title: 'De Ana' }).expect(201);

    expect((await http().post('/api/me/delete').set(ana.authorization).send({ confirmEmail: ana.email, password: 'No-es-la-buena-1' }).expect(400)).body.code).toBe('WrongPassword');
    await http().post('/api/me/delete').set(ana.authorization).send({ confirmEmail: ana.email, password: PASSWORD }).expect(202);

    await http().get('/api/conversations').set(ana.authorization).expect(401);
    const refreshed = await idpCall(pool, 'InitiateAuth', { ClientId: pool.config.identity.clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: ana.refreshToken } });
    expect(refreshed.body.__type).toBe('NotAuthorizedException');

    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const again = bearer((await signIn(ana.email)).AuthenticationResult!.IdToken);
    expect((await http().get('/api/conversations').set(again).expect(403)).body.code).toBe('AccountDeletionPending');
    expect((await http().get('/api/me/delete').set(again).expect(200)).body.scheduledFor).toEqual(expect.any(String));
    await http().post('/api/me/delete/cancel').set(again).expect(200);
    expect(JSON.stringify((await http().get('/api/conversations').set(again).expect(200)).body)).toContain('De Ana');
  });

  it('asks for the authenticator’s code when the account has one, and refuses a wrong one', async () => {
    const bea = await signUpAndSignIn(pool, 'bea@example.com', PASSWORD);
    const secret = new Secret({ size: 20 }).base32;
    await pool.app.get(DataSource).getRepository(IdentityUser).update({ sub: bea.sub }, { totpEnabled: true, totpSecret: secret, preferredMfa: 'SOFTWARE_TOKEN_MFA' });
    const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
    const valid = [-30_000, 0, 30_000].map((offset) => totp.generate({ timestamp: Date.now() + offset }));
    const wrong = ['000000', '111111', '222222', '333333'].find((code) => !valid.includes(code))!;
    const ask = (body: object) => http().post('/api/me/delete').set(bea.authorization).send({ confirmEmail: bea.email, password: PASSWORD, ...body });

    expect((await ask({}).expect(400)).body).toMatchObject({ code: 'MfaCodeRequired', message: 'Escribe el código de tu aplicación de autenticación.' });
    expect((await ask({ mfaCode: wrong }).expect(400)).body).toMatchObject({ code: 'WrongMfaCode', message: 'El código de verificación no es correcto.' });
    await ask({ mfaCode: totp.generate() }).expect(202);
    await http().get('/api/conversations').set(bea.authorization).expect(401);
  });

  it('sends the e-mailed code when that is the second factor and schedules the deletion with it (EMAIL_OTP through Cognito)', async () => {
    const dani = await signUpAndSignIn(pool, 'dani@example.com', PASSWORD);
    await pool.app.get(DataSource).getRepository(IdentityUser).update({ sub: dani.sub }, { emailMfaEnabled: true, preferredMfa: 'EMAIL_OTP' });
    const mails = mailsTo(pool, dani.email);
    const ask = (body: object) => http().post('/api/me/delete').set(dani.authorization).send({ confirmEmail: dani.email, password: PASSWORD, ...body });

    expect((await ask({}).expect(400)).body.code).toBe('MfaCodeSent');
    await mailsArrived(pool, dani.email, mails + 1);
    await ask({ mfaCode: latestCode(pool, dani.email) }).expect(202);
    expect(mailsTo(pool, dani.email)).toBe(mails + 1);
    await http().get('/api/conversations').set(dani.authorization).expect(401);
  });

  it('erases at an admin’s request: AdminDeleteUser at the pool, nothing of the user left here, their leftover token refused', async () => {
    const carla = await signUpAndSignIn(pool, 'carla@example.com', PASSWORD);
    await http().post('/api/users/registration').set(carla.authorization).send({ contactName: 'Carla', email: carla.email }).expect(201);
    await http().post('/api/conversations').set(carla.authorization).send({ title: 'De Carla' }).expect(201);
    await http().post(`/api-admin/users/${carla.sub}/erase`).set(admin.authorization).expect(200);

    await expect(cognito!.findBySub(carla.sub)).resolves.toBeNull();
    // Before anyone types the address again (a failed sign-in counts by the name typed).
    expect(await everyRowNaming(pool, [carla.sub, carla.email])).toEqual([]);
    expect((await everyRowNaming(backend, [carla.sub, carla.email])).filter((row) => row.table !== 'audit_log')).toEqual([]);
    expect((await signIn(carla.email)).__type).toBe('NotAuthorizedException');
    // Her id token is still within its hour as Cognito signed it: refused here all the same.
    await http().get('/api/conversations').set(carla.authorization).expect(401);
    // The admin and the others are untouched.
    await http().get('/api/conversations').set(admin.authorization).expect(200);
  });
});
