import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { MailModule } from '../mail/mail.module';
import { CognitoProtocolService } from './cognito-protocol.service';
import { AuthChallenge } from './entities/auth-challenge.entity';
import { IdentityUser } from './entities/identity-user.entity';
import { OneTimeCode } from './entities/one-time-code.entity';
import { RefreshToken } from './entities/refresh-token.entity';
import { SignInThrottle } from './entities/sign-in-throttle.entity';
import { SigningKey } from './entities/signing-key.entity';
import { IdTokenVerifier } from './id-token-verifier';
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
 * the id-token verifier (embedded or Amazon Cognito, by configuration) and account admin.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([IdentityUser, OneTimeCode, RefreshToken, AuthChallenge, SigningKey, SignInThrottle]),
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
    { provide: VerifiedTokenCache, useFactory: () => new VerifiedTokenCache() },
    {
      provide: IdTokenVerifier,
      inject: [APP_CONFIG, TokenService, VerifiedTokenCache],
      useFactory: (config: AppConfig, tokens: TokenService, cache: VerifiedTokenCache): IdTokenVerifier =>
        config.identity.provider === 'cognito'
          ? new CognitoIdTokenVerifier(cache, config.identity)
          : new EmbeddedIdTokenVerifier(tokens, cache),
    },
  ],
  exports: [IdTokenVerifier, IdentityAdminService],
})
export class IdentityModule {}
