import { createHmac, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, SignJWT, type JWTPayload } from 'jose';
import { IdTokenVerifier, InvalidTokenError } from '../../src/common/auth/id-token-verifier';
import { CognitoIdTokenVerifier } from '../../src/modules/identity/id-token-verifiers';
import { VerifiedTokenCache } from '../../src/modules/identity/verified-token-cache';
import { SigningKeyService } from '../../src/modules/identity/services/signing-key.service';
import { idpCall, signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { claims } from './amplify-client';

const base64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

function sign(payload: JWTPayload, key: KeyObject, kid: string): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid }).sign(key);
}

describe('IdTokenVerifier for the embedded identity service', () => {
  let testApp: TestApp;
  let verifier: IdTokenVerifier;
  let user: SignedInUser;
  let kid: string;
  let ourKey: KeyObject;

  beforeAll(async () => {
    testApp = await createTestApp({ ADMIN_EMAILS: 'jefa@example.com' });
    verifier = testApp.app.get(IdTokenVerifier);
    user = await signUpAndSignIn(testApp, 'ana@example.com', 'Contraseña-segura-1', 'Ana');
    ({ kid, privateKey: ourKey } = await testApp.app.get(SigningKeyService).signingKey());
  });

  afterAll(() => testApp.close());

  it('returns who is calling', async () => {
    await expect(verifier.verify(user.idToken)).resolves.toEqual({
      sub: user.sub,
      username: 'ana@example.com',
      email: 'ana@example.com',
      name: 'Ana',
      role: 'user',
    });
    const admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    await expect(verifier.verify(admin.idToken)).resolves.toMatchObject({ role: 'admin' });
  });

  const refusals: Array<[string, () => Promise<string>]> = [
    ['a token signed by another key under our kid', async () => sign(claims(user.idToken), generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey, kid)],
    ['an unsigned token (alg none)', async () => `${base64url({ alg: 'none', kid })}.${base64url(claims(user.idToken))}.`],
    [
      'an HS256 token keyed with our public key',
      async () => {
        const jwks = await testApp.app.get(SigningKeyService).jwks();
        const head = `${base64url({ alg: 'HS256', kid })}.${base64url(claims(user.idToken))}`;
        return `${head}.${createHmac('sha256', JSON.stringify(jwks.keys[0])).update(head).digest('base64url')}`;
      },
    ],
    ['an expired token', async () => sign({ ...claims(user.idToken), iat: 1_700_000_000, exp: 1_700_003_600 }, ourKey, kid)],
    ['a token for another audience', async () => sign({ ...claims(user.idToken), aud: 'otra-app' }, ourKey, kid)],
    ['a token from another issuer', async () => sign({ ...claims(user.idToken), iss: 'https://evil.example/idp/us-east-1_NovaLocal' }, ourKey, kid)],
    ['an access token', async () => user.accessToken],
    ['a tampered payload', async () => {
      const [head, , signature] = user.idToken.split('.');
      return `${head}.${base64url({ ...claims(user.idToken), 'custom:role': 'admin' })}.${signature}`;
    }],
    ['garbage', async () => 'no-es-un-token'],
  ];

  it.each(refusals)('refuses %s', async (_name, token) => {
    await expect(verifier.verify(await token())).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses a token whose session was signed out', async () => {
    const other = await signUpAndSignIn(testApp, 'bea@example.com');
    await expect(verifier.verify(other.idToken)).resolves.toBeDefined();
    await idpCall(testApp, 'RevokeToken', { ClientId: testApp.config.identity.clientId, Token: other.refreshToken }).expect(200);
    await expect(verifier.verify(other.idToken)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses a token issued before a global sign-out, whatever its session', async () => {
    const { clientId } = testApp.config.identity;
    const before = await signUpAndSignIn(testApp, 'carla@example.com', 'Contraseña-segura-1');
    await idpCall(testApp, 'GlobalSignOut', { AccessToken: before.accessToken }).expect(200);
    const again = await idpCall(testApp, 'InitiateAuth', {
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: 'carla@example.com', PASSWORD: 'Contraseña-segura-1' },
    }).expect(200);
    const fresh = again.body.AuthenticationResult.IdToken as string;
    await expect(verifier.verify(fresh)).resolves.toMatchObject({ username: 'carla@example.com' });
    const backdated = await sign({ ...claims(fresh), iat: Math.floor(Date.now() / 1000) - 60 }, ourKey, kid);
    await expect(verifier.verify(backdated)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});

describe('IdTokenVerifier for Amazon Cognito', () => {
  const clientId = 'cliente';
  let issuer: string;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let server: Server;
  let verifier: CognitoIdTokenVerifier;
  const now = () => Math.floor(Date.now() / 1000);
  const idClaims = (): JWTPayload => ({
    sub: 'sub-1',
    iss: issuer,
    aud: clientId,
    token_use: 'id',
    'cognito:username': 'ana',
    email: 'ana@example.com',
    iat: now(),
    exp: now() + 3600,
  });

  beforeAll(async () => {
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    // A stand-in for cognito-idp.<region>.amazonaws.com (this machine has no network): the keys only where Cognito publishes them.
    server = createServer((request, response) => {
      if (request.url !== '/eu-west-1_AbC123/.well-known/jwks.json') return response.writeHead(404).end();
      response.setHeader('Content-Type', 'application/json').end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/eu-west-1_AbC123`;
    verifier = new CognitoIdTokenVerifier(new VerifiedTokenCache(), { issuer, clientId });
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('returns who is calling, the role from custom:role', async () => {
    await expect(verifier.verify(await sign(idClaims(), privateKey, 'k1'))).resolves.toEqual({
      sub: 'sub-1',
      username: 'ana',
      email: 'ana@example.com',
      role: 'user',
    });
    const admin = await sign({ ...idClaims(), 'custom:role': 'admin', name: 'Ana' }, privateKey, 'k1');
    await expect(verifier.verify(admin)).resolves.toMatchObject({ role: 'admin', name: 'Ana' });
  });

  it.each<[string, () => Promise<string>]>([
    ['another key', async () => sign(idClaims(), generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey, 'k1')],
    ['alg none', async () => `${base64url({ alg: 'none', kid: 'k1' })}.${base64url(idClaims())}.`],
    ['an expired token', async () => sign({ ...idClaims(), iat: now() - 7200, exp: now() - 3600 }, privateKey, 'k1')],
    ['another audience', async () => sign({ ...idClaims(), aud: 'otra' }, privateKey, 'k1')],
    ['another issuer', async () => sign({ ...idClaims(), iss: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Otro' }, privateKey, 'k1')],
    ['an access token', async () => sign({ ...idClaims(), token_use: 'access' }, privateKey, 'k1')],
  ])('refuses %s', async (_name, token) => {
    await expect(verifier.verify(await token())).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('does not blame the caller when the JWKS cannot be fetched', async () => {
    const unreachable = new CognitoIdTokenVerifier(new VerifiedTokenCache(), { issuer, clientId }, undefined, 'http://127.0.0.1:9/jwks.json');
    await expect(unreachable.verify(await sign(idClaims(), privateKey, 'k1'))).rejects.not.toBeInstanceOf(InvalidTokenError);
  });
});
