import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type { TestApp } from './test-app';

/** An app in this process (a TestApp) or a backend running elsewhere, by its URL. */
export interface IdentityTarget {
  server: TestApp['server'] | string;
  config: TestApp['config'];
}

export interface SignedInUser {
  email: string;
  sub: string;
  idToken: string;
  accessToken: string;
  refreshToken: string;
  authorization: { Authorization: string };
}

/** One call to the embedded identity service, as the Cognito SDKs make it. */
export function idpCall(testApp: IdentityTarget, action: string, body: object) {
  return request(testApp.server)
    .post('/idp')
    .set('Content-Type', 'application/x-amz-json-1.1')
    .set('X-Amz-Target', `AWSCognitoIdentityProviderService.${action}`)
    .send(JSON.stringify(body));
}

/** The newest e-mailed code for an address, from the development outbox. */
export function latestCode(testApp: IdentityTarget, email: string): string {
  const outbox = join(testApp.config.dataDir, 'outbox');
  const newest = readdirSync(outbox)
    .filter((file) => file.endsWith(`-${email}.eml`))
    .sort((a, b) => Number(b.split('-')[0]) - Number(a.split('-')[0]))[0];
  if (!newest) throw new Error(`No hay correo para ${email}`);
  const code = /\b(\d{6})\b/.exec(readFileSync(join(outbox, newest), 'utf8'));
  if (!code) throw new Error(`El correo para ${email} no tiene código`);
  return code[1];
}

/** Signs a new user up, confirms them with the e-mailed code and signs them in. */
export async function signUpAndSignIn(
  testApp: IdentityTarget,
  email: string,
  password = 'Contraseña-segura-1',
  name = 'Usuaria de prueba',
): Promise<SignedInUser> {
  const { clientId } = testApp.config.identity;
  await idpCall(testApp, 'SignUp', {
    ClientId: clientId,
    Username: email,
    Password: password,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'name', Value: name },
    ],
  }).expect(200);
  await idpCall(testApp, 'ConfirmSignUp', {
    ClientId: clientId,
    Username: email,
    ConfirmationCode: latestCode(testApp, email),
  }).expect(200);
  const signIn = await idpCall(testApp, 'InitiateAuth', {
    ClientId: clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  }).expect(200);
  const result = signIn.body.AuthenticationResult as { IdToken: string; AccessToken: string; RefreshToken: string };
  const sub = JSON.parse(Buffer.from(result.IdToken.split('.')[1], 'base64url').toString()).sub as string;
  return {
    email,
    sub,
    idToken: result.IdToken,
    accessToken: result.AccessToken,
    refreshToken: result.RefreshToken,
    authorization: { Authorization: `Bearer ${result.IdToken}` },
  };
}
