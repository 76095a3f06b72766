import { Injectable } from '@nestjs/common';
import { Errors } from '../cognito-errors';
import { newTotpSecret, totpStep } from '../crypto/totp';
import type { IdentityUser, MfaType } from '../entities/identity-user.entity';
import { optionalObject, optionalString, Params, requireString } from '../protocol';
import { IdentityUsersService } from './identity-users.service';
import { TokenService } from './token.service';

/** The MFA types a user has turned on, in the order Cognito lists them. */
export function enabledMfa(user: IdentityUser): MfaType[] {
  return [
    ...(user.totpEnabled && user.totpSecret ? (['SOFTWARE_TOKEN_MFA'] as const) : []),
    ...(user.emailMfaEnabled && user.emailVerified ? (['EMAIL_OTP'] as const) : []),
  ];
}

/** AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference, and TOTP checks at sign-in. */
@Injectable()
export class MfaService {
  constructor(
    private readonly users: IdentityUsersService,
    private readonly tokens: TokenService,
  ) {}

  async associateSoftwareToken(params: Params) {
    if (!optionalString(params, 'AccessToken') && optionalString(params, 'Session')) {
      // Only needed when the pool forces MFA at sign-in (MFA_SETUP); this pool's MFA is optional.
      throw Errors.invalidParameter('Software token association during sign-in is not available in this user pool.');
    }
    const user = await this.tokens.userOfAccessToken(requireString(params, 'AccessToken'));
    const secret = newTotpSecret();
    await this.users.repository.update({ sub: user.sub }, { totpPendingSecret: secret });
    return { SecretCode: secret };
  }

  /** Proves the authenticator app holds the new secret; MFA itself is turned on by the preference. */
  async verifySoftwareToken(params: Params) {
    const user = await this.tokens.userOfAccessToken(requireString(params, 'AccessToken'));
    const code = requireString(params, 'UserCode');
    const pending = user.totpPendingSecret;
    if (!pending) throw Errors.totpNotSetUp();
    const step = totpStep(pending, code);
    if (step === null) throw Errors.totpNotVerified();
    await this.users.repository.update(
      { sub: user.sub, totpPendingSecret: pending },
      { totpSecret: pending, totpPendingSecret: null, totpLastStep: step },
    );
    return { Status: 'SUCCESS' };
  }

  async setUserMfaPreference(params: Params) {
    const user = await this.tokens.userOfAccessToken(requireString(params, 'AccessToken'));
    const totp = optionalObject(params, 'SoftwareTokenMfaSettings');
    const email = optionalObject(params, 'EmailMfaSettings');
    if (optionalObject(params, 'SMSMfaSettings')?.Enabled === true) {
      throw Errors.invalidParameter('SMS MFA is not available in this user pool.');
    }
    if (totp?.Enabled === true && !user.totpSecret) throw Errors.invalidParameter('User has not verified software token mfa');
    if (email?.Enabled === true && !user.emailVerified) throw Errors.invalidParameter('User does not have a verified email.');
    if (totp?.PreferredMfa === true && email?.PreferredMfa === true) {
      throw Errors.invalidParameter('Only one MFA type can be preferred.');
    }

    const next = { totpEnabled: user.totpEnabled, emailMfaEnabled: user.emailMfaEnabled, preferredMfa: user.preferredMfa };
    const apply = (settings: Params | undefined, type: MfaType, enabledKey: 'totpEnabled' | 'emailMfaEnabled') => {
      if (!settings) return;
      if (typeof settings.Enabled === 'boolean') next[enabledKey] = settings.Enabled;
      if (settings.PreferredMfa === true) {
        if (!next[enabledKey]) throw Errors.invalidParameter('A preferred MFA type must be enabled.');
        next.preferredMfa = type;
      } else if ((settings.PreferredMfa === false || !next[enabledKey]) && next.preferredMfa === type) {
        next.preferredMfa = null;
      }
    };
    apply(totp, 'SOFTWARE_TOKEN_MFA', 'totpEnabled');
    apply(email, 'EMAIL_OTP', 'emailMfaEnabled');
    await this.users.repository.update({ sub: user.sub }, next);
    return {};
  }

  /**
   * True once per 30-second step: the step is recorded in one conditional update, so a code that
   * was already accepted (or a parallel request with the same code) is refused.
   */
  async acceptTotp(user: IdentityUser, code: string | undefined): Promise<boolean> {
    if (!user.totpSecret) return false;
    const step = totpStep(user.totpSecret, code);
    if (step === null) return false;
    const recorded = await this.users.repository
      .createQueryBuilder()
      .update()
      .set({ totpLastStep: step })
      .where('sub = :sub AND (totp_last_step IS NULL OR totp_last_step < :step)', { sub: user.sub, step })
      .execute();
    return Boolean(recorded.affected);
  }
}
