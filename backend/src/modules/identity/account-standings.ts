import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AccountHolds } from '../../common/auth/account-holds';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { CognitoAccountState } from './entities/cognito-account-state.entity';
import { IdentityUser } from './entities/identity-user.entity';

/**
 * Whether an account may still act through what it set up without a session (its published
 * agents' API keys): not when an admin disabled it. The embedded pool's own row says so (an
 * account that is gone stands no more); with Amazon Cognito, what admins did here
 * (CognitoAccountStates), an account never changed here standing. An account whose deletion is
 * scheduled (AccountHolds) stands no more either, until the deletion is cancelled.
 */
@Injectable()
export class AccountStandings {
  private readonly provider: AppConfig['identity']['provider'];

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectRepository(IdentityUser) private readonly users: Repository<IdentityUser>,
    @InjectRepository(CognitoAccountState) private readonly cognitoStates: Repository<CognitoAccountState>,
    @Optional() private readonly holds?: AccountHolds,
  ) {
    this.provider = config.identity.provider;
  }

  async isEnabled(sub: string): Promise<boolean> {
    if (await this.holds?.refusal(sub)) return false;
    if (this.provider === 'cognito') return (await this.cognitoStates.findOne({ select: { sub: true, enabled: true }, where: { sub } }))?.enabled ?? true;
    return (await this.users.findOne({ select: { sub: true, enabled: true }, where: { sub } }))?.enabled ?? false;
  }
}
