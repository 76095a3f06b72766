import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { Errors } from '../cognito-errors';
import type { IdentityUser } from '../entities/identity-user.entity';
import { assertPasswordPolicy } from '../password-policy';
import { Params, requireClient, requireString } from '../protocol';
import { IdentityUsersService } from './identity-users.service';
import { enabledMfa } from './mfa.service';
import { OneTimeCodeService } from './one-time-code.service';
import { SignInThrottleService } from './sign-in-throttle.service';
import { TokenService } from './token.service';

const CAN_RESET = new Set<IdentityUser['status']>(['CONFIRMED', 'RESET_REQUIRED']);

/** A disabled account cannot get back in by a reset either. */
function canReset(user: IdentityUser): boolean {
  return user.enabled && CAN_RESET.has(user.status);
}

/** ForgotPassword, ConfirmForgotPassword, GetUser, GlobalSignOut and RevokeToken. */
@Injectable()
export class AccountService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: IdentityUsersService,
    private readonly codes: OneTimeCodeService,
    private readonly tokens: TokenService,
    private readonly throttle: SignInThrottleService,
  ) {}

  /** Sends a reset code; for a name without a resettable account the answer looks and takes the same. */
  async forgotPassword(params: Params) {
    requireClient(params, this.config.identity.clientId);
    const login = requireString(params, 'Username');
    const user = await this.users.findByLogin(login);
    const delivery =
      user && canReset(user) ? await this.codes.sendUnobserved(user, 'RESET_PASSWORD') : await this.codes.decoySend(user?.email ?? login);
    return { CodeDeliveryDetails: delivery };
  }

  /** A new password against the e-mailed code; every session of the account ends. */
  async confirmForgotPassword(params: Params) {
    requireClient(params, this.config.identity.clientId);
    const login = requireString(params, 'Username');
    const code = requireString(params, 'ConfirmationCode');
    assertPasswordPolicy(params.Password);
    const user = await this.users.findByLogin(login);
    if (!user || !canReset(user)) {
      await this.codes.decoy();
      throw Errors.codeMismatch();
    }
    await this.codes.consume(user, 'RESET_PASSWORD', code);
    await this.users.repository.update(
      { sub: user.sub },
      { ...(await this.users.credentials(user, params.Password)), status: 'CONFIRMED', emailVerified: true },
    );
    await this.tokens.revokeAll(user.sub);
    // Whoever holds the mailbox is the owner: a lock from someone else's guessing ends here.
    await this.throttle.recordSuccess(user);
    return {};
  }

  async getUser(params: Params) {
    const user = await this.tokens.userOfAccessToken(requireString(params, 'AccessToken'));
    const mfa = enabledMfa(user);
    return {
      Username: user.username,
      UserAttributes: [
        { Name: 'sub', Value: user.sub },
        { Name: 'email', Value: user.email },
        { Name: 'email_verified', Value: String(user.emailVerified) },
        ...(user.name ? [{ Name: 'name', Value: user.name }] : []),
        { Name: 'custom:role', Value: user.role },
      ],
      ...(mfa.length ? { UserMFASettingList: mfa } : {}),
      ...(user.preferredMfa && mfa.includes(user.preferredMfa) ? { PreferredMfaSetting: user.preferredMfa } : {}),
    };
  }

  /** Signs the user out everywhere (TokenService.endAllSessions). */
  async globalSignOut(params: Params) {
    const user = await this.tokens.userOfAccessToken(requireString(params, 'AccessToken'));
    await this.tokens.endAllSessions(user.sub);
    return {};
  }

  async revokeToken(params: Params) {
    const clientId = requireClient(params, this.config.identity.clientId);
    await this.tokens.revoke(requireString(params, 'Token'), clientId);
    return {};
  }
}
