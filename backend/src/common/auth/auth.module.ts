import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { IdentityModule } from '../../modules/identity/identity.module';
import { AuthGuard } from './auth.guard';

/** Puts the auth guard in front of every route of the application. */
@Global()
@Module({
  imports: [IdentityModule],
  providers: [{ provide: APP_GUARD, useClass: AuthGuard }],
})
export class AuthModule {}
