import { createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { CognitoError, Errors } from '../cognito-errors';
import { verifyDecoyPassword, verifyPassword } from '../crypto/secrets';
import { serverEphemeral, verifyPasswordClaim } from '../crypto/srp';
import type { AuthChallenge, ChallengeKind } from '../entities/auth-challenge.entity';
import type { IdentityUser, MfaType } from '../entities/identity-user.entity';
import { assertPasswordPolicy } from '../password-policy';
import { CallContext, optionalString, Params, requireClient, requireString, stringMap } from '../protocol';
import { AuthChallengeService } from './auth-challenge.service';
import { IdentityUsersService, type SrpIdentity } from './identity-users.service';
import { enabledMfa, MfaService } from './mfa.service';
import { OneTimeCodeService } from './one-time-code.service';
import { SignInThrottleService } from './sign-in-throttle.service';
import { SigningKeyService } from './signing-key.service';
import { TokenService } from './token.service';

/** The TIMESTAMP Amplify signs in the SRP proof: "Sun Nov 2 01:59:25 UTC 2026". */
const SRP_TIMESTAMP = /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2} \d{2}:\d{2}:\d{2} UTC \d{4}$/;

type Step = Record<string, unknown>;

/**
 * InitiateAuth, RespondToAuthChallenge and GetTokensFromRefreshToken. Tokens are only ever
 * issued by `finish`, and every path to it passes a proof: the SRP password claim, the scrypt
 * password, the single-use session of a just-confirmed sign-up, and then the MFA code when the
 * user has MFA on. Every failure says the same thing whether or not the account exists.
 */
@Injectable()
export class SignInService {
  private readonly clientId: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: IdentityUsersService,
    private readonly tokens: TokenService,
    private readonly challenges: AuthChallengeService,
    private readonly throttle: SignInThrottleService,
    private readonly codes: OneTimeCodeService,
    private readonly mfa: MfaService,
    private readonly keys: SigningKeyService,
  ) {
    this.clientId = config.identity.clientId;
  }

  async initiateAuth(params: Params, context: CallContext): Promise<Step> {
    const clientId = requireClient(params, this.clientId);
    const flow = requireString(params, 'AuthFlow');
    const auth = stringMap(params, 'AuthParameters');
    switch (flow) {
      case 'USER_SRP_AUTH':
        return this.startSrp(required(auth, 'USERNAME'), required(auth, 'SRP_A'), clientId, context);
      case 'USER_PASSWORD_AUTH':
        return this.passwordSignIn(required(auth, 'USERNAME'), required(auth, 'PASSWORD'), clientId, context);
      case 'REFRESH_TOKEN_AUTH':
      case 'REFRESH_TOKEN':
        return { AuthenticationResult: await this.tokens.refresh(required(auth, 'REFRESH_TOKEN'), clientId), ChallengeParameters: {} };
      case 'USER_AUTH':
        return this.userAuth(auth, optionalString(params, 'Session'), clientId, context);
      default:
        throw Errors.unsupportedFlow(flow);
    }
  }

  async getTokensFromRefreshToken(params: Params): Promise<Step> {
    const clientId = requireClient(params, this.clientId);
    return { AuthenticationResult: await this.tokens.refresh(requireString(params, 'RefreshToken'), clientId) };
  }

  async respondToAuthChallenge(params: Params, context: CallContext): Promise<Step> {
    const clientId = requireClient(params, this.clientId);
    const name = requireString(params, 'ChallengeName');
    const answers = stringMap(params, 'ChallengeResponses');
    const session = optionalString(params, 'Session');
    switch (name) {
      case 'PASSWORD_VERIFIER':
        return this.passwordVerifier(answers, session, clientId, context);
      case 'SELECT_CHALLENGE':
        return this.selectChallenge(answers, session, clientId, context);
      case 'SOFTWARE_TOKEN_MFA':
        return this.softwareTokenMfa(answers, session, clientId, context);
      case 'EMAIL_OTP':
        return this.emailOtp(answers, session, clientId, context);
      case 'SELECT_MFA_TYPE':
        return this.selectMfaType(answers, session, clientId);
      case 'NEW_PASSWORD_REQUIRED':
        return this.newPasswordRequired(answers, session, clientId);
      default:
        throw Errors.unsupportedChallenge(name);
    }
  }

  /** USER_AUTH: the session from ConfirmSignUp, or a first factor the client prefers or picks. */
  private async userAuth(auth: Record<string, string>, session: string | undefined, clientId: string, context: CallContext) {
    const login = required(auth, 'USERNAME');
    if (session) {
      const challenge = await this.challenges.find(session, ['SIGN_UP_CONFIRMED'], clientId);
      const user = await this.users.findBySub(challenge.userSub);
      if (!user || !isLoginOf(user, login)) throw Errors.invalidSession();
      await this.challenges.close(challenge);
      return this.afterFirstFactor(user, clientId, new Date());
    }
    switch (auth.PREFERRED_CHALLENGE) {
      case 'PASSWORD_SRP':
        return this.startSrp(login, required(auth, 'SRP_A'), clientId, context);
      case 'PASSWORD':
        return this.passwordSignIn(login, required(auth, 'PASSWORD'), clientId, context);
      case undefined: {
        const user = await this.users.findByLogin(login);
        const next = await this.challenges.open({ kind: 'SELECT_CHALLENGE', userSub: user?.sub ?? null, clientId });
        return { ChallengeName: 'SELECT_CHALLENGE', Session: next, ChallengeParameters: {}, AvailableChallenges: ['PASSWORD', 'PASSWORD_SRP'] };
      }
      default:
        throw Errors.invalidParameter(`The preferred challenge ${auth.PREFERRED_CHALLENGE} is not available in this user pool.`);
    }
  }

  private async selectChallenge(answers: Record<string, string>, session: string | undefined, clientId: string, context: CallContext) {
    const challenge = await this.challenges.find(session, ['SELECT_CHALLENGE'], clientId);
    await this.challenges.close(challenge);
    const login = required(answers, 'USERNAME');
    if (answers.ANSWER === 'PASSWORD') return this.passwordSignIn(login, required(answers, 'PASSWORD'), clientId, context);
    if (answers.ANSWER === 'PASSWORD_SRP') return this.startSrp(login, required(answers, 'SRP_A'), clientId, context);
    throw Errors.invalidParameter(`The challenge ${answers.ANSWER ?? ''} is not available in this user pool.`);
  }

  /** First half of SRP: the user's salt and the server's B; an unknown name gets a decoy. */
  private async startSrp(login: string, srpA: string, clientId: string, context: CallContext): Promise<Step> {
    const user = await this.users.findByLogin(login);
    await this.throttle.assertAllowed({ user, login, ip: context.ip });
    if (!/^[0-9a-f]{1,2048}$/i.test(srpA)) throw Errors.invalidParameter('SRP_A is not a valid hexadecimal value.');
    const srp = user ? this.users.srpIdentity(user, login) : await this.decoySrp(login);
    const ephemeral = serverEphemeral(srp.verifier);
    const secretBlock = randomBytes(96).toString('base64');
    await this.challenges.open({
      kind: 'PASSWORD_VERIFIER',
      userSub: user?.sub ?? null,
      clientId,
      srpClientPublic: srpA,
      srpUserId: srp.userId,
      srpPrivate: ephemeral.privateHex,
      session: secretBlock,
    });
    return {
      ChallengeName: 'PASSWORD_VERIFIER',
      Session: secretBlock,
      ChallengeParameters: {
        SALT: srp.salt,
        SRP_B: ephemeral.publicHex,
        SECRET_BLOCK: secretBlock,
        USER_ID_FOR_SRP: srp.userId,
        USERNAME: srp.userId,
      },
    };
  }

  /** The same salt every time for the same unknown name, so that asking twice reveals nothing. */
  private async decoySrp(login: string): Promise<SrpIdentity> {
    const name = login.trim().toLowerCase();
    const secret = await this.keys.derivedSecret('srp-decoy');
    return {
      salt: createHmac('sha256', secret).update(`salt:${name}`).digest('hex').slice(0, 32),
      verifier: createHmac('sha512', secret).update(`verifier:${name}`).digest('hex'),
      userId: name,
    };
  }

  private async passwordVerifier(answers: Record<string, string>, session: string | undefined, clientId: string, context: CallContext) {
    const secretBlock = answers.PASSWORD_CLAIM_SECRET_BLOCK ?? session;
    const challenge = await this.challenges.find(secretBlock, ['PASSWORD_VERIFIER'], clientId);
    const user = await this.users.findBySub(challenge.userSub);
    const login = user?.username ?? answers.USERNAME ?? '';
    // Checked before the challenge is used up, so that Amplify's automatic retry of a throttled
    // call gets the same answer rather than "session expired".
    await this.throttle.assertAllowed({ user, login, ip: context.ip });
    await this.challenges.close(challenge);
    const timestamp = required(answers, 'TIMESTAMP');
    const signature = required(answers, 'PASSWORD_CLAIM_SIGNATURE');
    if (!SRP_TIMESTAMP.test(timestamp)) throw Errors.invalidParameter('TIMESTAMP is not in the expected format.');
    const srp = user ? this.users.srpIdentity(user, challenge.srpUserId ?? user.username) : null;
    const proven = verifyPasswordClaim({
      poolName: this.users.poolName,
      userId: srp?.userId ?? login,
      // A decoy still does the full computation, so that its answer takes as long.
      verifierHex: srp?.verifier ?? 'f',
      privateHex: challenge.srpPrivate ?? '1',
      clientPublicHex: challenge.srpClientPublic ?? '0',
      secretBlock: secretBlock ?? '',
      timestamp,
      signature,
    });
    if (!user || !proven) {
      await this.throttle.recordFailure({ user, login, ip: context.ip });
      throw Errors.incorrectCredentials();
    }
    return this.afterFirstFactor(user, clientId, new Date());
  }

  private async passwordSignIn(login: string, password: string, clientId: string, context: CallContext): Promise<Step> {
    const user = await this.users.findByLogin(login);
    await this.throttle.assertAllowed({ user, login, ip: context.ip });
    const proven = user ? await verifyPassword(password, user.passwordHash) : await verifyDecoyPassword(password);
    if (!user || !proven) {
      await this.throttle.recordFailure({ user, login, ip: context.ip });
      throw Errors.incorrectCredentials();
    }
    return this.afterFirstFactor(user, clientId, new Date());
  }

  /** The password is proven: the account's state and MFA decide what comes next. */
  private async afterFirstFactor(user: IdentityUser, clientId: string, authTime: Date): Promise<Step> {
    if (!user.enabled) throw Errors.userDisabled();
    if (user.status === 'UNCONFIRMED') throw Errors.userNotConfirmed();
    if (user.status === 'RESET_REQUIRED') throw Errors.passwordResetRequired();
    if (user.status === 'FORCE_CHANGE_PASSWORD') {
      return this.challenge('NEW_PASSWORD_REQUIRED', user, clientId, authTime, {
        requiredAttributes: JSON.stringify(user.name ? [] : ['userAttributes.name']),
        userAttributes: JSON.stringify({ email: user.email, ...(user.name ? { name: user.name } : {}) }),
      });
    }
    const types = enabledMfa(user);
    if (types.length === 0) return this.finish(user, clientId, authTime);
    const chosen = user.preferredMfa && types.includes(user.preferredMfa) ? user.preferredMfa : types.length === 1 ? types[0] : null;
    if (!chosen) return this.challenge('SELECT_MFA_TYPE', user, clientId, authTime, { MFAS_CAN_CHOOSE: JSON.stringify(types) });
    return this.mfaChallenge(chosen, user, clientId, authTime);
  }

  private async mfaChallenge(type: MfaType, user: IdentityUser, clientId: string, authTime: Date): Promise<Step> {
    if (type === 'SOFTWARE_TOKEN_MFA') return this.challenge(type, user, clientId, authTime, {});
    const delivery = await this.codes.send(user, 'EMAIL_MFA');
    return this.challenge(type, user, clientId, authTime, {
      CODE_DELIVERY_DELIVERY_MEDIUM: delivery.DeliveryMedium,
      CODE_DELIVERY_DESTINATION: delivery.Destination,
    });
  }

  private async challenge(kind: ChallengeKind, user: IdentityUser, clientId: string, authTime: Date, parameters: Record<string, string>) {
    const session = await this.challenges.open({ kind, userSub: user.sub, clientId, authenticatedAt: authTime });
    return { ChallengeName: kind, Session: session, ChallengeParameters: { USER_ID_FOR_SRP: user.username, ...parameters } };
  }

  private async softwareTokenMfa(answers: Record<string, string>, session: string | undefined, clientId: string, context: CallContext) {
    const { challenge, user } = await this.pending(session, 'SOFTWARE_TOKEN_MFA', clientId);
    await this.throttle.assertAllowed({ user, login: user.username, ip: context.ip });
    await this.challenges.countAttempt(challenge);
    if (!(await this.mfa.acceptTotp(user, answers.SOFTWARE_TOKEN_MFA_CODE))) {
      await this.throttle.recordFailure({ user, login: user.username, ip: context.ip });
      throw Errors.mfaCodeMismatch();
    }
    await this.challenges.close(challenge);
    return this.finish(user, clientId, challenge.authenticatedAt);
  }

  private async emailOtp(answers: Record<string, string>, session: string | undefined, clientId: string, context: CallContext) {
    const { challenge, user } = await this.pending(session, 'EMAIL_OTP', clientId);
    await this.throttle.assertAllowed({ user, login: user.username, ip: context.ip });
    await this.challenges.countAttempt(challenge);
    try {
      await this.codes.consume(user, 'EMAIL_MFA', answers.EMAIL_OTP_CODE);
    } catch (error) {
      if (error instanceof CognitoError && error.type === 'CodeMismatchException') {
        await this.throttle.recordFailure({ user, login: user.username, ip: context.ip });
      }
      throw error;
    }
    await this.challenges.close(challenge);
    return this.finish(user, clientId, challenge.authenticatedAt);
  }

  private async selectMfaType(answers: Record<string, string>, session: string | undefined, clientId: string) {
    const { challenge, user } = await this.pending(session, 'SELECT_MFA_TYPE', clientId);
    const type = enabledMfa(user).find((candidate) => candidate === answers.ANSWER);
    if (!type) throw Errors.invalidParameter(`The MFA type ${answers.ANSWER ?? ''} is not enabled for this user.`);
    await this.challenges.close(challenge);
    return this.mfaChallenge(type, user, clientId, challenge.authenticatedAt ?? new Date());
  }

  private async newPasswordRequired(answers: Record<string, string>, session: string | undefined, clientId: string) {
    const challenge = await this.challenges.find(session, ['NEW_PASSWORD_REQUIRED'], clientId);
    const user = await this.users.findBySub(challenge.userSub);
    if (!user || user.status !== 'FORCE_CHANGE_PASSWORD') throw Errors.invalidSession();
    for (const key of Object.keys(answers).filter((key) => key.startsWith('userAttributes.'))) {
      if (key !== 'userAttributes.name') throw Errors.notAuthorized('A client attempted to write unauthorized attribute');
    }
    const password = answers.NEW_PASSWORD;
    assertPasswordPolicy(password);
    const name = answers['userAttributes.name']?.trim() || user.name;
    if (!name) throw Errors.invalidParameter('Invalid attributes given, name is missing');
    await this.challenges.close(challenge);
    const changes = { ...(await this.users.credentials(user, password)), name, status: 'CONFIRMED' as const };
    await this.users.repository.update({ sub: user.sub }, changes);
    return this.afterFirstFactor({ ...user, ...changes }, clientId, challenge.authenticatedAt ?? new Date());
  }

  /** The live MFA step of a session, for a user who still has that MFA on. */
  private async pending(session: string | undefined, kind: ChallengeKind, clientId: string): Promise<{ challenge: AuthChallenge; user: IdentityUser }> {
    const challenge = await this.challenges.find(session, [kind], clientId);
    const user = await this.users.findBySub(challenge.userSub);
    if (!user || user.status !== 'CONFIRMED') throw Errors.invalidSession();
    if (!user.enabled) throw Errors.userDisabled();
    return { challenge, user };
  }

  /**
   * The whole sign-in succeeded. Only now does the account's failure count start over: cleared at
   * the password, it would give whoever knows the password unlimited tries at the MFA code.
   */
  private async finish(user: IdentityUser, clientId: string, authTime: Date | null): Promise<Step> {
    await this.throttle.recordSuccess(user);
    return { AuthenticationResult: await this.tokens.startSession(user, clientId, authTime ?? new Date()), ChallengeParameters: {} };
  }
}

function required(map: Record<string, string>, name: string): string {
  const value = map[name];
  if (!value) throw Errors.invalidParameter(`Missing required parameter ${name}`);
  return value;
}

function isLoginOf(user: IdentityUser, login: string): boolean {
  const name = login.trim().toLowerCase();
  return name === user.username || name === user.email;
}
