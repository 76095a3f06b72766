import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { CognitoAccountState } from './entities/cognito-account-state.entity';
import { IdentityUser } from './entities/identity-user.entity';

/**
 * Whether an account may still act through what it set up without a session (its published
 * agents' API keys): not when an admin disabled it. The embedded pool's own row says so (an
 * account that is gone stands no more); with Amazon Cognito, what admins did here
 * (CognitoAccountStates), an account never changed here standing.
 */
@Injectable()
export class AccountStandings {
  private readonly provider: AppConfig['identity']['provider'];

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectRepository(IdentityUser) private readonly users: Repository<IdentityUser>,
    @InjectRepository(CognitoAccountState) private readonly cognitoStates: Repository<CognitoAccountState>,
  ) {
    this.provider = config.identity.provider;
  }

  async isEnabled(sub: string): Promise<boolean> {
    if (this.provider === 'cognito') return (await this.cognitoStates.findOne({ select: { sub: true, enabled: true }, where: { sub } }))?.enabled ?? true;
    return (await this.users.findOne({ select: { sub: true, enabled: true }, where: { sub } }))?.enabled ?? false;
  }
}
