import { createHash, createHmac } from 'node:crypto';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { DataSource, Repository } from 'typeorm';
import { padHex } from '../../src/modules/identity/crypto/srp';
import { AuthChallenge } from '../../src/modules/identity/entities/auth-challenge.entity';
import { IdentityUser } from '../../src/modules/identity/entities/identity-user.entity';
import { OneTimeCode } from '../../src/modules/identity/entities/one-time-code.entity';
import { IdentityAdminService } from '../../src/modules/identity/identity-admin.service';
import { idpCall, latestCode, signUpAndSignIn } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { claims } from './amplify-client';
import { mailsArrived, mailsTo } from './outbox';

const password = 'Contraseña-segura-1';

describe('the embedded identity service over HTTP (Cognito JSON protocol)', () => {
  let testApp: TestApp;
  let clientId: string;
  let users: Repository<IdentityUser>;
  let codes: Repository<OneTimeCode>;
  let challenges: Repository<AuthChallenge>;

  beforeAll(async () => {
    testApp = await createTestApp();
    clientId = testApp.config.identity.clientId;
    const dataSource = testApp.app.get(DataSource);
    users = dataSource.getRepository(IdentityUser);
    codes = dataSource.getRepository(OneTimeCode);
    challenges = dataSource.getRepository(AuthChallenge);
  });

  afterAll(() => testApp.close());

  const call = (action: string, body: object) => idpCall(testApp, action, body);

  function signUpRequest(email: string, overrides: object = {}) {
    return call('SignUp', {
      ClientId: clientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: 'Prueba' },
      ],
      ...overrides,
    });
  }

  const passwordAuth = (username: string, pass = password) =>
    call('InitiateAuth', { ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: username, PASSWORD: pass } });

  describe('the wire format', () => {
    it('answers an unknown operation with a Cognito error: 400, __type and x-amzn-errortype', async () => {
      const response = await call('DeleteEverything', {}).expect(400);
      expect(response.body).toEqual({ __type: 'UnknownOperationException', message: 'Unknown operation' });
      expect(response.headers['x-amzn-errortype']).toBe('UnknownOperationException');
    });

    it('refuses a call without a target', async () => {
      const response = await request(testApp.server).post('/idp').set('Content-Type', 'application/x-amz-json-1.1').send('{}').expect(400);
      expect(response.body.__type).toBe('UnknownOperationException');
    });

    it('refuses an unknown app client', async () => {
      const response = await call('SignUp', { ClientId: 'otro', Username: 'x@example.com', Password: password }).expect(400);
      expect(response.body).toEqual({ __type: 'ResourceNotFoundException', message: 'User pool client otro does not exist.' });
    });

    it('refuses a body that is not a JSON object, and a missing parameter', async () => {
      const array = await request(testApp.server)
        .post('/idp')
        .set('Content-Type', 'application/x-amz-json-1.1')
        .set('X-Amz-Target', 'AWSCognitoIdentityProviderService.SignUp')
        .send('[]')
        .expect(400);
      expect(array.body.__type).toBe('SerializationException');
      const missing = await call('SignUp', { ClientId: clientId }).expect(400);
      expect(missing.body.__type).toBe('InvalidParameterException');
    });

    it('needs no bearer token and is not under /api', async () => {
      await request(testApp.server).post('/api/idp').expect(404);
    });
  });

  describe('SignUp', () => {
    it.each([
      ['Corta-1', 'Password not long enough'],
      ['minusculas-1', 'Password must have uppercase characters'],
      ['MAYUSCULAS-1', 'Password must have lowercase characters'],
      ['Sin-numeros', 'Password must have numeric characters'],
      ['SinSimbolos1', 'Password must have symbol characters'],
    ])('refuses the password %s: %s', async (weak, reason) => {
      const response = await signUpRequest('debil@example.com', { Password: weak }).expect(400);
      expect(response.body).toEqual({
        __type: 'InvalidPasswordException',
        message: `Password did not conform with policy: ${reason}`,
      });
    });

    it('refuses a second account for the same address, in any case', async () => {
      await signUpRequest('doble@example.com').expect(200);
      const again = await signUpRequest('Doble@Example.com', {
        UserAttributes: [
          { Name: 'email', Value: 'Doble@Example.com' },
          { Name: 'name', Value: 'Otra' },
        ],
      }).expect(400);
      expect(again.body.__type).toBe('UsernameExistsException');
    });

    it('does not let the client choose its role', async () => {
      const response = await signUpRequest('rol@example.com', {
        UserAttributes: [
          { Name: 'email', Value: 'rol@example.com' },
          { Name: 'name', Value: 'Rol' },
          { Name: 'custom:role', Value: 'admin' },
        ],
      }).expect(400);
      expect(response.body.__type).toBe('NotAuthorizedException');
      expect(await users.findOneBy({ email: 'rol@example.com' })).toBeNull();
    });

    it('requires the name attribute', async () => {
      const response = await signUpRequest('sinnombre@example.com', { UserAttributes: [{ Name: 'email', Value: 'sinnombre@example.com' }] });
      expect(response.status).toBe(400);
      expect(response.body.__type).toBe('InvalidParameterException');
    });

    it('accepts a username that is not an e-mail, and then sign-in by either', async () => {
      await call('SignUp', {
        ClientId: clientId,
        Username: 'LuisM',
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: 'luis@example.com' },
          { Name: 'name', Value: 'Luis' },
        ],
      }).expect(200);
      await call('ConfirmSignUp', { ClientId: clientId, Username: 'luism', ConfirmationCode: latestCode(testApp, 'luis@example.com') }).expect(200);
      const byName = await passwordAuth('LUISM').expect(200);
      expect(claims(byName.body.AuthenticationResult.IdToken)).toMatchObject({ 'cognito:username': 'luism', email: 'luis@example.com' });
      await passwordAuth('luis@example.com').expect(200);
    });

    it('keeps neither the password nor the code in clear', async () => {
      await signUpRequest('secreto@example.com').expect(200);
      const code = latestCode(testApp, 'secreto@example.com');
      const user = await users.findOneByOrFail({ email: 'secreto@example.com' });
      expect(JSON.stringify(user)).not.toContain(password);
      expect(user.passwordHash).toMatch(/^scrypt\$/);
      const stored = await codes.findOneByOrFail({ userSub: user.sub });
      expect(stored.codeHash).toMatch(/^scrypt\$/);
      expect(JSON.stringify(stored)).not.toContain(code);
    });
  });

  describe('confirmation codes', () => {
    it('refuses a wrong code, then locks the code after five tries even for the right one', async () => {
      await signUpRequest('intentos@example.com').expect(200);
      const code = latestCode(testApp, 'intentos@example.com');
      const wrong = code === '000000' ? '000001' : '000000';
      for (let attempt = 0; attempt < 5; attempt++) {
        const response = await call('ConfirmSignUp', { ClientId: clientId, Username: 'intentos@example.com', ConfirmationCode: wrong });
        expect(response.body.__type).toBe('CodeMismatchException');
      }
      const locked = await call('ConfirmSignUp', { ClientId: clientId, Username: 'intentos@example.com', ConfirmationCode: code }).expect(400);
      expect(locked.body.__type).toBe('LimitExceededException');
    });

    it('refuses an expired code', async () => {
      await signUpRequest('caducado@example.com').expect(200);
      const user = await users.findOneByOrFail({ email: 'caducado@example.com' });
      await codes.update({ userSub: user.sub }, { expiresAt: new Date(Date.now() - 1000) });
      const response = await call('ConfirmSignUp', {
        ClientId: clientId,
        Username: 'caducado@example.com',
        ConfirmationCode: latestCode(testApp, 'caducado@example.com'),
      }).expect(400);
      expect(response.body).toEqual({ __type: 'ExpiredCodeException', message: 'Invalid code provided, please request a code again.' });
    });

    it('accepts a code once', async () => {
      await signUpRequest('unavez@example.com').expect(200);
      const body = { ClientId: clientId, Username: 'unavez@example.com', ConfirmationCode: latestCode(testApp, 'unavez@example.com') };
      await call('ConfirmSignUp', body).expect(200);
      const again = await call('ConfirmSignUp', body).expect(400);
      expect(again.body.__type).toBe('CodeMismatchException');
    });

    it('gives an unknown user the same answer as a wrong code', async () => {
      const response = await call('ConfirmSignUp', { ClientId: clientId, Username: 'nadie@example.com', ConfirmationCode: '123456' }).expect(400);
      expect(response.body.__type).toBe('CodeMismatchException');
    });

    it('sends one address at most five codes an hour, and answers a request over the limit like any other', async () => {
      await signUpRequest('reenvios@example.com').expect(200);
      const answers: unknown[] = [];
      for (let resend = 0; resend < 5; resend++) {
        answers.push((await call('ResendConfirmationCode', { ClientId: clientId, Username: 'reenvios@example.com' }).expect(200)).body);
      }
      // An error over the limit would tell that the account exists: an unknown name never reaches it.
      expect(answers).toEqual(Array(5).fill({ CodeDeliveryDetails: { Destination: 'r***@e***.com', DeliveryMedium: 'EMAIL', AttributeName: 'email' } }));
      await mailsArrived(testApp, 'reenvios@example.com', 5);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mailsTo(testApp, 'reenvios@example.com')).toBe(5);
    });

    it('writes the e-mail in Spanish with the code as its only six-digit number', async () => {
      await signUpRequest('correo@example.com').expect(200);
      const { readdirSync, readFileSync } = await import('node:fs');
      const { join } = await import('node:path');
      const outbox = join(testApp.config.dataDir, 'outbox');
      const file = readdirSync(outbox).find((name) => /^\d+-correo@example\.com\.eml$/.test(name))!;
      const eml = readFileSync(join(outbox, file), 'utf8');
      expect(eml).toContain('Content-Type: text/plain; charset=utf-8');
      expect(eml).toContain('Para terminar de crear tu cuenta');
      expect(eml.match(/\d{6,}/g)).toEqual([latestCode(testApp, 'correo@example.com')]);
    });
  });

  describe('sign-in', () => {
    it('issues RS256 tokens that verify against the published JWKS', async () => {
      const user = await signUpAndSignIn(testApp, 'jwks@example.com');
      const jwks = await request(testApp.server).get(`/idp/${testApp.config.identity.userPoolId}/.well-known/jwks.json`).expect(200);
      expect(jwks.body.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(jwks.body.keys[0]).not.toHaveProperty('d');
      const issuer = `${testApp.config.publicUrl}/idp/${testApp.config.identity.userPoolId}`;
      const { payload, protectedHeader } = await jwtVerify(user.idToken, createLocalJWKSet(jwks.body), { issuer, audience: clientId });
      expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: jwks.body.keys[0].kid });
      expect(payload.exp! - payload.iat!).toBe(3600);
      await request(testApp.server).get('/idp/us-east-1_Otro/.well-known/jwks.json').expect(404);
    });

    it('returns a stable decoy SRP challenge for an unknown user', async () => {
      const start = (username: string) =>
        call('InitiateAuth', { ClientId: clientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: username, SRP_A: 'abc123' } }).expect(200);
      const first = await start('desconocido@example.com');
      const second = await start('desconocido@example.com');
      expect(first.body.ChallengeName).toBe('PASSWORD_VERIFIER');
      expect(first.body.ChallengeParameters.SALT).toBe(second.body.ChallengeParameters.SALT);
      expect(first.body.ChallengeParameters.USER_ID_FOR_SRP).toBe('desconocido@example.com');
    });

    it('answers an SRP sign-in by e-mail with what the client sent, never the username', async () => {
      await call('SignUp', {
        ClientId: clientId,
        Username: 'marta',
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: 'marta.ruiz@example.com' },
          { Name: 'name', Value: 'Marta' },
        ],
      }).expect(200);
      await call('ConfirmSignUp', { ClientId: clientId, Username: 'marta', ConfirmationCode: latestCode(testApp, 'marta.ruiz@example.com') }).expect(200);
      const start = (username: string) =>
        call('InitiateAuth', { ClientId: clientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: username, SRP_A: 'abc123' } }).expect(200);
      const known = (await start('Marta.Ruiz@example.com')).body;
      const unknown = (await start('otra.persona@example.com')).body;
      expect(Object.keys(known.ChallengeParameters).sort()).toEqual(Object.keys(unknown.ChallengeParameters).sort());
      expect(known.ChallengeParameters).toMatchObject({ USER_ID_FOR_SRP: 'marta.ruiz@example.com', USERNAME: 'marta.ruiz@example.com' });
      expect(Object.values(known.ChallengeParameters)).not.toContain('marta');
      expect((await start('marta')).body.ChallengeParameters.USER_ID_FOR_SRP).toBe('marta');
    });

    it('refuses a forged SRP proof, and a second answer to the same challenge', async () => {
      await signUpAndSignIn(testApp, 'srp@example.com');
      const started = await call('InitiateAuth', {
        ClientId: clientId,
        AuthFlow: 'USER_SRP_AUTH',
        AuthParameters: { USERNAME: 'srp@example.com', SRP_A: 'abc123' },
      }).expect(200);
      const { SECRET_BLOCK, USER_ID_FOR_SRP } = started.body.ChallengeParameters;
      const answer = {
        ClientId: clientId,
        ChallengeName: 'PASSWORD_VERIFIER',
        ChallengeResponses: {
          USERNAME: USER_ID_FOR_SRP,
          PASSWORD_CLAIM_SECRET_BLOCK: SECRET_BLOCK,
          TIMESTAMP: 'Sun Nov 22 01:59:25 UTC 2026',
          PASSWORD_CLAIM_SIGNATURE: Buffer.alloc(32).toString('base64'),
        },
      };
      const forged = await call('RespondToAuthChallenge', answer).expect(400);
      expect(forged.body).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
      const replayed = await call('RespondToAuthChallenge', answer).expect(400);
      expect(replayed.body.message).toBe('Invalid session for the user, session is expired.');
    });

    it('refuses an SRP A of zero modulo N, which would make the session key password-independent', async () => {
      await signUpAndSignIn(testApp, 'cero@example.com');
      const N = BigInt(
        '0xFFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
          'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
          'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
          '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
          'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
          '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
          'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
          'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
      );
      const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
      for (const A of [N, 2n * N]) {
        const started = await call('InitiateAuth', {
          ClientId: clientId,
          AuthFlow: 'USER_SRP_AUTH',
          AuthParameters: { USERNAME: 'cero@example.com', SRP_A: A.toString(16) },
        }).expect(200);
        const { SECRET_BLOCK, USER_ID_FOR_SRP, SRP_B } = started.body.ChallengeParameters;
        // With A ≡ 0, S = 0 for any password: the attacker's key is HKDF(S = 0, u).
        const u = createHash('sha256').update(Buffer.from(padHex(A) + padHex(BigInt(`0x${SRP_B}`)), 'hex')).digest();
        const key = hmac(hmac(Buffer.from(padHex(BigInt(`0x${u.toString('hex')}`)), 'hex'), Buffer.from('00', 'hex')), Buffer.from('Caldera Derived Key\u0001')).subarray(0, 16);
        const timestamp = 'Sun Nov 22 01:59:25 UTC 2026';
        const signature = hmac(
          key,
          Buffer.concat([Buffer.from('NovaLocal'), Buffer.from(USER_ID_FOR_SRP), Buffer.from(SECRET_BLOCK, 'base64'), Buffer.from(timestamp)]),
        ).toString('base64');
        const response = await call('RespondToAuthChallenge', {
          ClientId: clientId,
          ChallengeName: 'PASSWORD_VERIFIER',
          ChallengeResponses: { USERNAME: USER_ID_FOR_SRP, PASSWORD_CLAIM_SECRET_BLOCK: SECRET_BLOCK, TIMESTAMP: timestamp, PASSWORD_CLAIM_SIGNATURE: signature },
        }).expect(400);
        expect(response.body).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
      }
    });

    it('lets the ConfirmSignUp session sign in once, and only as that user', async () => {
      await signUpRequest('auto@example.com').expect(200);
      const confirmed = await call('ConfirmSignUp', {
        ClientId: clientId,
        Username: 'auto@example.com',
        ConfirmationCode: latestCode(testApp, 'auto@example.com'),
      }).expect(200);
      const signIn = (username: string) =>
        call('InitiateAuth', { ClientId: clientId, AuthFlow: 'USER_AUTH', AuthParameters: { USERNAME: username }, Session: confirmed.body.Session });
      expect((await signIn('otro@example.com').expect(400)).body.__type).toBe('NotAuthorizedException');
      expect((await signIn('auto@example.com').expect(200)).body.AuthenticationResult.IdToken).toBeDefined();
      expect((await signIn('auto@example.com').expect(400)).body.__type).toBe('NotAuthorizedException');
    });

    it('refuses an answer after the three-minute window', async () => {
      await signUpAndSignIn(testApp, 'lento@example.com');
      await users.update({ email: 'lento@example.com' }, { emailMfaEnabled: true, preferredMfa: 'EMAIL_OTP' });
      const started = await passwordAuth('lento@example.com').expect(200);
      expect(started.body.ChallengeName).toBe('EMAIL_OTP');
      await challenges.update({ kind: 'EMAIL_OTP' }, { expiresAt: new Date(Date.now() - 1000) });
      const late = await call('RespondToAuthChallenge', {
        ClientId: clientId,
        ChallengeName: 'EMAIL_OTP',
        Session: started.body.Session,
        ChallengeResponses: { USERNAME: 'lento@example.com', EMAIL_OTP_CODE: latestCode(testApp, 'lento@example.com') },
      }).expect(400);
      expect(late.body.message).toBe('Invalid session for the user, session is expired.');
    });

    it('never gives tokens for an MFA challenge answered without a code', async () => {
      await signUpAndSignIn(testApp, 'sincodigo@example.com');
      await users.update({ email: 'sincodigo@example.com' }, { totpEnabled: true, totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', preferredMfa: 'SOFTWARE_TOKEN_MFA' });
      const started = await passwordAuth('sincodigo@example.com').expect(200);
      expect(started.body).toMatchObject({ ChallengeName: 'SOFTWARE_TOKEN_MFA' });
      expect(started.body.AuthenticationResult).toBeUndefined();
      const answer = (responses: object) =>
        call('RespondToAuthChallenge', { ClientId: clientId, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: started.body.Session, ChallengeResponses: responses });
      for (const responses of [{ USERNAME: 'sincodigo@example.com' }, { SOFTWARE_TOKEN_MFA_CODE: '' }, { SOFTWARE_TOKEN_MFA_CODE: 'abcdef' }, {}]) {
        const response = await answer(responses).expect(400);
        expect(response.body.__type).toBe('CodeMismatchException');
        expect(response.body.AuthenticationResult).toBeUndefined();
      }
      // A different challenge name cannot skip the step either.
      const skipped = await call('RespondToAuthChallenge', {
        ClientId: clientId,
        ChallengeName: 'SELECT_MFA_TYPE',
        Session: started.body.Session,
        ChallengeResponses: { USERNAME: 'sincodigo@example.com', ANSWER: 'EMAIL_OTP' },
      }).expect(400);
      expect(skipped.body.__type).toBe('NotAuthorizedException');
      // Wrong codes count like wrong passwords: the fifth locks the account.
      await answer({ SOFTWARE_TOKEN_MFA_CODE: '000000' }).expect(400);
      expect((await answer({ SOFTWARE_TOKEN_MFA_CODE: '000000' }).expect(400)).body.__type).toBe('TooManyRequestsException');
    });

    it('asks a user flagged FORCE_CHANGE_PASSWORD for a new password and the missing name', async () => {
      await signUpAndSignIn(testApp, 'temporal@example.com');
      await users.update({ email: 'temporal@example.com' }, { status: 'FORCE_CHANGE_PASSWORD', name: null });
      const started = await passwordAuth('temporal@example.com').expect(200);
      expect(started.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
      expect(JSON.parse(started.body.ChallengeParameters.requiredAttributes)).toEqual(['userAttributes.name']);
      const respond = (responses: object) =>
        call('RespondToAuthChallenge', { ClientId: clientId, ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: started.body.Session, ChallengeResponses: responses });
      expect((await respond({ USERNAME: 'temporal@example.com', NEW_PASSWORD: 'debil' }).expect(400)).body.__type).toBe('InvalidPasswordException');
      const done = await respond({ USERNAME: 'temporal@example.com', NEW_PASSWORD: 'Definitiva-3', 'userAttributes.name': 'Tere' }).expect(200);
      expect(claims(done.body.AuthenticationResult.IdToken)).toMatchObject({ name: 'Tere' });
      await passwordAuth('temporal@example.com', 'Definitiva-3').expect(200);
    });

    it('sends a user flagged RESET_REQUIRED to reset the password', async () => {
      await signUpAndSignIn(testApp, 'reset@example.com');
      await users.update({ email: 'reset@example.com' }, { status: 'RESET_REQUIRED' });
      const response = await passwordAuth('reset@example.com').expect(400);
      expect(response.body.__type).toBe('PasswordResetRequiredException');
    });
  });

  describe('brute force', () => {
    it('locks an account after five wrong passwords, even for the right one', async () => {
      await signUpAndSignIn(testApp, 'fuerza@example.com');
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await passwordAuth('fuerza@example.com', 'Mala-clave-1').expect(400)).body.__type).toBe('NotAuthorizedException');
      }
      const locked = await passwordAuth('fuerza@example.com').expect(400);
      expect(locked.body).toEqual({ __type: 'TooManyRequestsException', message: 'Password attempts exceeded' });
    });

    it('locks an unknown name the same way, so a lock-out reveals nothing', async () => {
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await passwordAuth('inexistente@example.com', 'Mala-clave-1').expect(400)).body.__type).toBe('NotAuthorizedException');
      }
      expect((await passwordAuth('inexistente@example.com', 'Mala-clave-1').expect(400)).body.__type).toBe('TooManyRequestsException');
    });
  });

  describe('sessions', () => {
    it('refreshes with REFRESH_TOKEN_AUTH and GetTokensFromRefreshToken, and stops after RevokeToken', async () => {
      const user = await signUpAndSignIn(testApp, 'sesion@example.com');
      const byFlow = await call('InitiateAuth', { ClientId: clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: user.refreshToken } }).expect(200);
      expect(byFlow.body.AuthenticationResult).toMatchObject({ ExpiresIn: 3600, TokenType: 'Bearer' });
      expect(byFlow.body.AuthenticationResult.RefreshToken).toBeUndefined();
      await call('GetTokensFromRefreshToken', { ClientId: clientId, RefreshToken: user.refreshToken }).expect(200);
      expect((await call('GetTokensFromRefreshToken', { ClientId: clientId, RefreshToken: 'basura' }).expect(400)).body.__type).toBe('NotAuthorizedException');

      await call('RevokeToken', { ClientId: clientId, Token: user.refreshToken }).expect(200);
      const revoked = await call('GetTokensFromRefreshToken', { ClientId: clientId, RefreshToken: user.refreshToken }).expect(400);
      expect(revoked.body.message).toBe('Refresh Token has been revoked');
    });

    it('describes the user with GetUser and refuses its access token after GlobalSignOut', async () => {
      const user = await signUpAndSignIn(testApp, 'perfil@example.com', password, 'Perfil');
      const profile = await call('GetUser', { AccessToken: user.accessToken }).expect(200);
      expect(profile.body).toEqual({
        Username: 'perfil@example.com',
        UserAttributes: [
          { Name: 'sub', Value: user.sub },
          { Name: 'email', Value: 'perfil@example.com' },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: 'Perfil' },
          { Name: 'custom:role', Value: 'user' },
        ],
      });
      expect((await call('GetUser', { AccessToken: user.idToken }).expect(400)).body.message).toBe('Invalid Access Token');

      await call('GlobalSignOut', { AccessToken: user.accessToken }).expect(200);
      expect((await call('GetUser', { AccessToken: user.accessToken }).expect(400)).body.message).toBe('Access Token has been revoked');
      expect((await call('GetTokensFromRefreshToken', { ClientId: clientId, RefreshToken: user.refreshToken }).expect(400)).body.__type).toBe(
        'NotAuthorizedException',
      );
    });

    it('ends the sessions on a role change, and gives the new role from the next sign-in on', async () => {
      const user = await signUpAndSignIn(testApp, 'ascenso@example.com');
      const admin = testApp.app.get(IdentityAdminService);
      expect(await admin.setRoleByEmail('Ascenso@Example.com', 'admin')).toBe(true);
      expect(await admin.setRoleByEmail('nadie@example.com', 'admin')).toBe(false);
      const refreshed = await call('GetTokensFromRefreshToken', { ClientId: clientId, RefreshToken: user.refreshToken }).expect(400);
      expect(refreshed.body.message).toBe('Refresh Token has been revoked');
      expect((await call('GetUser', { AccessToken: user.accessToken }).expect(400)).body.message).toBe('Access Token has been revoked');
      const signedIn = await passwordAuth('ascenso@example.com').expect(200);
      expect(claims(signedIn.body.AuthenticationResult.IdToken)['custom:role']).toBe('admin');
    });
  });
});

describe('the embedded identity service: guessing the MFA code of a known password', () => {
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  /** A code no accepted 30-second step (the current one, or one either side) has. */
  const wrongCode = () => {
    const valid = [-30_000, 0, 30_000].map((offset) => totp.generate({ timestamp: Date.now() + offset }));
    return ['000000', '111111', '222222', '333333'].find((code) => !valid.includes(code))!;
  };
  let testApp: TestApp;
  let clientId: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    clientId = testApp.config.identity.clientId;
  });

  afterAll(() => testApp.close());

  async function withTotp(email: string): Promise<void> {
    const user = await signUpAndSignIn(testApp, email);
    await testApp.app
      .get(DataSource)
      .getRepository(IdentityUser)
      .update({ sub: user.sub }, { totpEnabled: true, totpSecret: secret, preferredMfa: 'SOFTWARE_TOKEN_MFA' });
  }

  const passwordStep = (email: string) =>
    idpCall(testApp, 'InitiateAuth', { ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } });

  async function signInWithCode(email: string, code: string, status: number) {
    const started = await passwordStep(email).expect(200);
    expect(started.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    return idpCall(testApp, 'RespondToAuthChallenge', {
      ClientId: clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: started.body.Session,
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
    }).expect(status);
  }

  it('locks the account after five wrong codes, even when each comes after the right password in a new sign-in', async () => {
    await withTotp('adivina@example.com');
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signInWithCode('adivina@example.com', wrongCode(), 400)).body.__type).toBe('CodeMismatchException');
    }
    const locked = await passwordStep('adivina@example.com').expect(400);
    expect(locked.body).toEqual({ __type: 'TooManyRequestsException', message: 'Password attempts exceeded' });
  });

  it('clears the count only when the whole sign-in succeeds, after the code', async () => {
    await withTotp('completa@example.com');
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await signInWithCode('completa@example.com', wrongCode(), 400)).body.__type).toBe('CodeMismatchException');
    }
    const done = await signInWithCode('completa@example.com', totp.generate(), 200);
    expect(done.body.AuthenticationResult.IdToken).toBeDefined();
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await signInWithCode('completa@example.com', wrongCode(), 400)).body.__type).toBe('CodeMismatchException');
    }
    await passwordStep('completa@example.com').expect(200);
  });
});

describe('the embedded identity service: throttling by client address', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });

  afterAll(() => testApp.close());

  it('locks an address after twenty failed sign-ins, whatever the names', async () => {
    const { clientId } = testApp.config.identity;
    const victim = await signUpAndSignIn(testApp, 'victima@example.com');
    const attempt = (username: string, pass: string) =>
      idpCall(testApp, 'InitiateAuth', { ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: username, PASSWORD: pass } });
    for (let index = 0; index < 20; index++) {
      expect((await attempt(`probando${index}@example.com`, 'Mala-clave-1')).body.__type).toBe('NotAuthorizedException');
    }
    expect((await attempt(victim.email, password)).body.__type).toBe('TooManyRequestsException');
  });
});
