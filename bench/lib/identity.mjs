// Signs a bench user up on the embedded identity service, as any Cognito client would.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

async function idp(baseUrl, action, body) {
  const response = await fetch(`${baseUrl}/idp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
    },
    body: JSON.stringify(body),
  });
  const payload = await response.json();
  if (!response.ok) throw new Error(`${action}: ${payload.__type} ${payload.message}`);
  return payload;
}

/** A confirmed, signed-in user: returns the Authorization header value. */
export async function signedInUser(backend, email, password = 'Bench-Contraseña-1') {
  const config = await (await fetch(`${backend.url}/api/config`)).json();
  const clientId = config.identity.userPoolClientId;
  await idp(backend.url, 'SignUp', {
    ClientId: clientId,
    Username: email,
    Password: password,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'name', Value: 'Bench' },
    ],
  });
  const outbox = join(backend.dataDir, 'outbox');
  const mail = readdirSync(outbox).find((file) => file.endsWith(`-${email}.eml`));
  const text = readFileSync(join(outbox, mail), 'utf8');
  const code = /(?<!\d)\d{6}(?!\d)/.exec(text.slice(text.search(/\r?\n\r?\n/)))[0];
  await idp(backend.url, 'ConfirmSignUp', { ClientId: clientId, Username: email, ConfirmationCode: code });
  const signIn = await idp(backend.url, 'InitiateAuth', {
    ClientId: clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  return `Bearer ${signIn.AuthenticationResult.IdToken}`;
}
