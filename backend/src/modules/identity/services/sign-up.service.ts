import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { Errors } from '../cognito-errors';
import { isSubjectShaped } from '../../../common/auth/id-token-verifier';
import { assertPasswordPolicy } from '../password-policy';
import { Params, requireClient, requireString } from '../protocol';
import { AuthChallengeService } from './auth-challenge.service';
import { IdentityUsersService } from './identity-users.service';
import { OneTimeCodeService } from './one-time-code.service';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME = /^[\p{L}\p{M}\p{N}._+-]{1,128}$/u;
/** Attributes a client may set at sign-up; the role in particular is the server's to give. */
const WRITABLE = new Set(['email', 'name']);

/** SignUp, ConfirmSignUp and ResendConfirmationCode. */
@Injectable()
export class SignUpService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: IdentityUsersService,
    private readonly codes: OneTimeCodeService,
    private readonly challenges: AuthChallengeService,
  ) {}

  async signUp(params: Params) {
    requireClient(params, this.config.identity.clientId);
    const login = requireString(params, 'Username').trim().toLowerCase();
    const attributes = readAttributes(params.UserAttributes);

    const email = login.includes('@') ? login : attributes.email?.trim().toLowerCase();
    if (!email) throw Errors.invalidParameter('Attributes did not conform to the schema: email: The attribute is required');
    if (!EMAIL.test(email) || email.length > 320) throw Errors.invalidParameter('Invalid email address format.');
    if (!login.includes('@') && !USERNAME.test(login)) throw Errors.invalidParameter('Username contains invalid characters.');
    if (isSubjectShaped(login)) {
      throw Errors.invalidParameter('Username cannot have the form of a user id (a UUID). Choose another username.');
    }
    if (attributes.email && attributes.email.trim().toLowerCase() !== email) {
      throw Errors.invalidParameter('The email attribute must be the same as the username.');
    }
    const name = attributes.name?.trim();
    if (!name) throw Errors.invalidParameter('Attributes did not conform to the schema: name: The attribute is required');
    if (name.length > 256) throw Errors.invalidParameter('Attributes did not conform to the schema: name: String must be no longer than 256 characters');
    assertPasswordPolicy(params.Password);

    if ((await this.users.findByLogin(login)) || (await this.users.findByLogin(email))) throw Errors.usernameExists();
    const user = this.users.repository.create({
      sub: randomUUID(),
      username: login,
      email,
      name,
      emailVerified: false,
      status: 'UNCONFIRMED',
      role: this.config.adminEmails.includes(email) ? 'admin' : 'user',
      enabled: true,
      totpEnabled: false,
      emailMfaEnabled: false,
      preferredMfa: null,
      totpSecret: null,
      totpPendingSecret: null,
      totpLastStep: null,
      tokensValidAfter: null,
      ...(await this.users.credentials({ username: login, email }, params.Password)),
    });
    try {
      await this.users.repository.insert(user);
    } catch (error) {
      // Two sign-ups for one address at once: the unique index decides.
      if (error instanceof QueryFailedError) throw Errors.usernameExists();
      throw error;
    }
    const delivery = await this.codes.send(user, 'SIGN_UP');
    return { UserConfirmed: false, UserSub: user.sub, CodeDeliveryDetails: delivery };
  }

  /**
   * Confirms the account and returns a Session that lets this user sign in once without typing the
   * password again (Amplify's auto sign-in with USER_AUTH). An unknown or already confirmed
   * account gets the same answer as a wrong code.
   */
  async confirmSignUp(params: Params) {
    const clientId = requireClient(params, this.config.identity.clientId);
    const login = requireString(params, 'Username');
    const code = requireString(params, 'ConfirmationCode');
    const user = await this.users.findByLogin(login);
    if (!user || user.status !== 'UNCONFIRMED') {
      await this.codes.decoy();
      throw Errors.codeMismatch();
    }
    await this.codes.consume(user, 'SIGN_UP', code);
    await this.users.repository.update({ sub: user.sub, status: 'UNCONFIRMED' }, { status: 'CONFIRMED', emailVerified: true });
    const session = await this.challenges.open({ kind: 'SIGN_UP_CONFIRMED', userSub: user.sub, clientId });
    return { Session: session };
  }

  /** Sends a new code; any other name (unknown, already confirmed) gets an answer that looks and takes the same. */
  async resendConfirmationCode(params: Params) {
    requireClient(params, this.config.identity.clientId);
    const login = requireString(params, 'Username');
    const user = await this.users.findByLogin(login);
    const delivery =
      user?.status === 'UNCONFIRMED' ? await this.codes.sendUnobserved(user, 'SIGN_UP') : await this.codes.decoySend(user?.email ?? login);
    return { CodeDeliveryDetails: delivery };
  }
}

function readAttributes(value: unknown): Partial<Record<'email' | 'name', string>> {
  if (value === undefined || value === null) return {};
  if (!Array.isArray(value)) throw Errors.invalidParameter('UserAttributes must be a list of { Name, Value }.');
  const attributes: Partial<Record<'email' | 'name', string>> = {};
  for (const entry of value as Array<{ Name?: unknown; Value?: unknown }>) {
    const name = typeof entry?.Name === 'string' ? entry.Name : '';
    if (name.startsWith('custom:')) throw Errors.notAuthorized('A client attempted to write unauthorized attribute');
    if (!WRITABLE.has(name)) {
      throw Errors.invalidParameter(`Attributes did not conform to the schema: ${name}: Attribute does not exist in the schema.`);
    }
    if (typeof entry.Value !== 'string') throw Errors.invalidParameter(`Attribute ${name} must be a string.`);
    attributes[name as 'email' | 'name'] = entry.Value;
  }
  return attributes;
}
