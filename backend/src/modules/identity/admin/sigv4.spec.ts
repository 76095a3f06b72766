import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { type SignedRequest, verifySigV4 } from './sigv4';

const KEY = { accessKeyId: 'AKIANOVATESTADMIN001', secretAccessKey: 'clave-secreta-de-prueba-para-firmar-sigv4' };
const BODY = JSON.stringify({ UserPoolId: 'us-east-1_NovaLocal', Username: 'ana@example.com' });

/** A request signed as the AWS SDK signs it (its own signer), as our server would receive it. */
async function signed(body = BODY, signingDate = new Date()): Promise<SignedRequest> {
  const signer = new SignatureV4({ credentials: KEY, region: 'us-east-1', service: 'cognito-idp', sha256: Sha256 });
  const result = await signer.sign(
    {
      method: 'POST',
      protocol: 'http:',
      hostname: '127.0.0.1',
      port: 3000,
      path: '/idp',
      query: {},
      headers: { host: '127.0.0.1:3000', 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.AdminDisableUser' },
      body,
    },
    { signingDate },
  );
  const headers = Object.fromEntries(Object.entries(result.headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { method: 'POST', path: '/idp', query: '', headers, body: Buffer.from(body) };
}

describe('verifySigV4', () => {
  it('accepts a request the AWS signer signed with the key pair', async () => {
    expect(verifySigV4(await signed(), KEY, 'cognito-idp')).toBeNull();
  });

  it('refuses another body, another action, a declared body hash that is not the body’s, and another secret', async () => {
    const request = await signed();
    expect(verifySigV4({ ...request, body: Buffer.from(BODY.replace('ana', 'bob')) }, KEY, 'cognito-idp')).toBe('badSignature');
    expect(verifySigV4({ ...request, headers: { ...request.headers, 'x-amz-target': 'AWSCognitoIdentityProviderService.AdminEnableUser' } }, KEY, 'cognito-idp')).toBe('badSignature');
    expect(verifySigV4({ ...request, headers: { ...request.headers, 'x-amz-content-sha256': '0'.repeat(64) } }, KEY, 'cognito-idp')).toBe('badSignature');
    expect(verifySigV4(request, { ...KEY, secretAccessKey: 'otra' }, 'cognito-idp')).toBe('badSignature');
  });

  it('tells an unknown key, a missing signature and one older than 15 minutes apart', async () => {
    const request = await signed();
    expect(verifySigV4(request, { ...KEY, accessKeyId: 'AKIAOTRACLAVE0000001' }, 'cognito-idp')).toBe('unknownKey');
    const { authorization: _dropped, ...unsigned } = request.headers;
    expect(verifySigV4({ ...request, headers: unsigned }, KEY, 'cognito-idp')).toBe('missing');
    expect(verifySigV4(await signed(BODY, new Date(Date.now() - 16 * 60_000)), KEY, 'cognito-idp')).toBe('expired');
  });
});
