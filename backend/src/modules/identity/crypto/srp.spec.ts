import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { deriveVerifier, newSalt, padHex, serverEphemeral, verifyPasswordClaim } from './srp';

interface AmplifySrp {
  BigInteger: new (value: string, radix: number) => unknown;
  getAuthenticationHelper(poolName: string): Promise<{
    A: { toString(radix: number): string };
    getPasswordAuthenticationKey(input: { username: string; password: string; serverBValue: unknown; salt: unknown }): Promise<Uint8Array>;
  }>;
  getNowString(): string;
  getSignatureString(input: {
    userPoolName: string;
    username: string;
    challengeParameters: Record<string, string>;
    dateNow: string;
    hkdf: Uint8Array;
  }): string;
}

/** Amplify's own client-side SRP helpers, so that the server is checked against the real client. */
function amplifySrp(): AmplifySrp {
  const amplifyDir = dirname(require.resolve('aws-amplify/package.json'));
  const authDir = dirname(require.resolve('@aws-amplify/auth/package.json', { paths: [amplifyDir] }));
  const srpDir = join(authDir, 'dist/cjs/providers/cognito/utils/srp');
  return { ...require(srpDir), BigInteger: require(join(srpDir, 'BigInteger')).BigInteger } as AmplifySrp;
}

describe('SRP (server side, checked against Amplify’s client)', () => {
  const poolName = 'NovaLocal';
  const userId = 'ana@example.com';
  const password = 'Contraseña-segura-1';

  async function clientClaim(saltHex: string, serverPublicHex: string, secretBlock: string, pass = password) {
    const srp = amplifySrp();
    const helper = await srp.getAuthenticationHelper(poolName);
    const hkdf = await helper.getPasswordAuthenticationKey({
      username: userId,
      password: pass,
      serverBValue: new srp.BigInteger(serverPublicHex, 16),
      salt: new srp.BigInteger(saltHex, 16),
    });
    const timestamp = srp.getNowString();
    const signature = srp.getSignatureString({
      userPoolName: poolName,
      username: userId,
      challengeParameters: { SECRET_BLOCK: secretBlock },
      dateNow: timestamp,
      hkdf,
    });
    return { clientPublicHex: helper.A.toString(16), timestamp, signature };
  }

  it('accepts the proof Amplify computes from the right password', async () => {
    const saltHex = newSalt();
    const verifierHex = deriveVerifier(poolName, userId, password, saltHex);
    const ephemeral = serverEphemeral(verifierHex);
    const secretBlock = randomBytes(64).toString('base64');
    const claim = await clientClaim(saltHex, ephemeral.publicHex, secretBlock);
    expect(
      verifyPasswordClaim({ poolName, userId, verifierHex, privateHex: ephemeral.privateHex, secretBlock, ...claim }),
    ).toBe(true);
  });

  it('refuses a wrong password, a tampered timestamp and a forged A', async () => {
    const saltHex = newSalt();
    const verifierHex = deriveVerifier(poolName, userId, password, saltHex);
    const ephemeral = serverEphemeral(verifierHex);
    const secretBlock = randomBytes(64).toString('base64');
    const base = { poolName, userId, verifierHex, privateHex: ephemeral.privateHex, secretBlock };

    const wrong = await clientClaim(saltHex, ephemeral.publicHex, secretBlock, 'Otra-contraseña-1');
    expect(verifyPasswordClaim({ ...base, ...wrong })).toBe(false);

    const right = await clientClaim(saltHex, ephemeral.publicHex, secretBlock);
    expect(verifyPasswordClaim({ ...base, ...right, timestamp: `${right.timestamp} ` })).toBe(false);
    expect(verifyPasswordClaim({ ...base, ...right, clientPublicHex: '0' })).toBe(false);
    expect(verifyPasswordClaim({ ...base, ...right, clientPublicHex: 'zz' })).toBe(false);
    expect(verifyPasswordClaim({ ...base, ...right, signature: '' })).toBe(false);
  });

  it('pads hex like Java’s BigInteger.toByteArray', () => {
    expect(padHex(20n)).toBe('14');
    expect(padHex(236n)).toBe('00ec');
    expect(padHex(0x1abcn)).toBe('1abc');
    expect(padHex(0x8000n)).toBe('008000');
  });
});
