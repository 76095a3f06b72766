import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { hashPassword } from '../crypto/secrets';
import { deriveVerifier, newSalt } from '../crypto/srp';
import { IdentityUser } from '../entities/identity-user.entity';

export type Credentials = Pick<IdentityUser, 'srpSalt' | 'srpVerifier' | 'passwordHash'>;

/** The pool's accounts: lookup by login name and password credentials. */
@Injectable()
export class IdentityUsersService {
  /** The pool name as Amplify derives it for SRP: the part of the pool id after "_". */
  readonly poolName: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectRepository(IdentityUser) readonly repository: Repository<IdentityUser>,
  ) {
    this.poolName = config.identity.userPoolId.split('_')[1] ?? '';
  }

  /** Users sign in with their username or their e-mail, in any case. */
  async findByLogin(login: string): Promise<IdentityUser | null> {
    const name = login.trim().toLowerCase();
    if (!name) return null;
    return this.repository.findOne({ where: [{ username: name }, { email: name }] });
  }

  findBySub(sub: string | null): Promise<IdentityUser | null> {
    return sub ? this.repository.findOneBy({ sub }) : Promise.resolve(null);
  }

  /** What the pool keeps of a password: the SRP salt and verifier, and a scrypt hash. */
  async credentials(username: string, password: string): Promise<Credentials> {
    const srpSalt = newSalt();
    return {
      srpSalt,
      srpVerifier: deriveVerifier(this.poolName, username, password, srpSalt),
      passwordHash: await hashPassword(password),
    };
  }
}
