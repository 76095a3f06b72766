import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { AdminProtocolService } from './admin/admin-protocol.service';
import { CognitoError, Errors } from './cognito-errors';
import { TARGET_PREFIX } from './identity.constants';
import type { CallContext, Params } from './protocol';
import { AccountService } from './services/account.service';
import { MfaService } from './services/mfa.service';
import { SignInService } from './services/sign-in.service';
import { SignUpService } from './services/sign-up.service';

type Handler = (params: Params, context: CallContext) => Promise<object>;

/** Routes `X-Amz-Target: AWSCognitoIdentityProviderService.<Action>` to the action. */
@Injectable()
export class CognitoProtocolService {
  private readonly actions: Record<string, Handler>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    signUp: SignUpService,
    signIn: SignInService,
    account: AccountService,
    mfa: MfaService,
    admin: AdminProtocolService,
  ) {
    this.actions = {
      SignUp: (params) => signUp.signUp(params),
      ConfirmSignUp: (params) => signUp.confirmSignUp(params),
      ResendConfirmationCode: (params) => signUp.resendConfirmationCode(params),
      InitiateAuth: (params, context) => signIn.initiateAuth(params, context),
      RespondToAuthChallenge: (params, context) => signIn.respondToAuthChallenge(params, context),
      GetTokensFromRefreshToken: (params) => signIn.getTokensFromRefreshToken(params),
      ForgotPassword: (params) => account.forgotPassword(params),
      ConfirmForgotPassword: (params) => account.confirmForgotPassword(params),
      GetUser: (params) => account.getUser(params),
      GlobalSignOut: (params) => account.globalSignOut(params),
      RevokeToken: (params) => account.revokeToken(params),
      AssociateSoftwareToken: (params) => mfa.associateSoftwareToken(params),
      VerifySoftwareToken: (params) => mfa.verifySoftwareToken(params),
      SetUserMFAPreference: (params) => mfa.setUserMfaPreference(params),
      ...admin.actions,
    };
  }

  handle(target: string | undefined, body: unknown, context: CallContext): Promise<object> {
    if (this.config.identity.provider !== 'embedded') {
      throw new CognitoError('ResourceNotFoundException', 'This deployment uses Amazon Cognito; the embedded identity service is off.', 404);
    }
    const action = target?.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    const handler = Object.hasOwn(this.actions, action) ? this.actions[action] : undefined;
    if (!handler) throw Errors.unknownOperation();
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new CognitoError('SerializationException', 'The request body must be a JSON object.');
    }
    return handler(body as Params, context);
  }
}
