import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthGuard } from '../../common/auth/auth.guard';
import { IdTokenVerifier } from '../../common/auth/id-token-verifier';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { MailModule } from '../mail/mail.module';
import { AccountStandings } from './account-standings';
import { AdminProtocolService } from './admin/admin-protocol.service';
import { CognitoAccountStates } from './admin/cognito-account-states';
import { CognitoIdentityAdmin } from './admin/cognito-identity-admin';
import { EmbeddedIdentityAdmin } from './admin/embedded-identity-admin';
import { IdentityAdminPort } from './admin/identity-admin.port';
import { CognitoProtocolService } from './cognito-protocol.service';
import { CognitoAccountState } from './entities/cognito-account-state.entity';
import { AuthChallenge } from './entities/auth-challenge.entity';
import { IdentityUser } from './entities/identity-user.entity';
import { OneTimeCode } from './entities/one-time-code.entity';
import { RefreshToken } from './entities/refresh-token.entity';
import { SignInThrottle } from './entities/sign-in-throttle.entity';
import { SigningKey } from './entities/signing-key.entity';
import { CognitoIdTokenVerifier, EmbeddedIdTokenVerifier } from './id-token-verifiers';
import { IdentityAdminService } from './identity-admin.service';
import { IdentityController } from './identity.controller';
import { AccountService } from './services/account.service';
import { AuthChallengeService } from './services/auth-challenge.service';
import { IdentityUsersService } from './services/identity-users.service';
import { MfaService } from './services/mfa.service';
import { OneTimeCodeService } from './services/one-time-code.service';
import { SignInThrottleService } from './services/sign-in-throttle.service';
import { SignInService } from './services/sign-in.service';
import { SignUpService } from './services/sign-up.service';
import { SigningKeyService } from './services/signing-key.service';
import { TokenService } from './services/token.service';
import { VerifiedTokenCache } from './verified-token-cache';

/**
 * Identity: the embedded Cognito-compatible user pool at /idp, and for the rest of the backend
 * the id-token verifier (embedded or Amazon Cognito, by configuration) and account admin. It puts
 * the auth guard (common/auth) in front of every route, with its verifier.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([IdentityUser, OneTimeCode, RefreshToken, AuthChallenge, SigningKey, SignInThrottle, CognitoAccountState]),
    MailModule,
  ],
  controllers: [IdentityController],
  providers: [
    IdentityUsersService,
    SigningKeyService,
    TokenService,
    OneTimeCodeService,
    AuthChallengeService,
    SignInThrottleService,
    MfaService,
    SignUpService,
    SignInService,
    AccountService,
    CognitoProtocolService,
    IdentityAdminService,
    AdminProtocolService,
    CognitoAccountStates,
    AccountStandings,
    {
      provide: IdentityAdminPort,
      inject: [APP_CONFIG, IdentityAdminService, CognitoAccountStates, SignInService],
      useFactory: (config: AppConfig, accounts: IdentityAdminService, states: CognitoAccountStates, signIn: SignInService): IdentityAdminPort =>
        config.identity.provider === 'cognito'
          ? new CognitoIdentityAdmin(
              config.identity.userPoolId,
              config.identity.clientId,
              { region: config.identity.region, ...(config.identity.endpoint ? { endpoint: config.identity.endpoint } : {}) },
              states,
            )
          : new EmbeddedIdentityAdmin(accounts, signIn, config.identity.clientId),
    },
    { provide: APP_GUARD, useClass: AuthGuard },
    { provide: VerifiedTokenCache, useFactory: () => new VerifiedTokenCache() },
    {
      provide: IdTokenVerifier,
      inject: [APP_CONFIG, TokenService, VerifiedTokenCache, CognitoAccountStates],
      useFactory: (config: AppConfig, tokens: TokenService, cache: VerifiedTokenCache, states: CognitoAccountStates): IdTokenVerifier =>
        config.identity.provider === 'cognito'
          ? new CognitoIdTokenVerifier(cache, config.identity, states)
          : new EmbeddedIdTokenVerifier(tokens, cache),
    },
  ],
  exports: [IdTokenVerifier, IdentityAdminService, IdentityAdminPort, AccountStandings],
})
export class IdentityModule {}
