import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { hashPassword } from '../crypto/secrets';
import { deriveVerifier, newSalt } from '../crypto/srp';
import { IdentityUser } from '../entities/identity-user.entity';

export type Credentials = Pick<IdentityUser, 'srpSalt' | 'srpVerifier' | 'srpEmailVerifier' | 'passwordHash'>;

/** What a sign-in by SRP proves the password against: the user id the client hashes with, and its verifier. */
export interface SrpIdentity {
  userId: string;
  salt: string;
  verifier: string;
}

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

  /** What the pool keeps of a password: the SRP salt and verifiers (username, e-mail), and a scrypt hash. */
  async credentials(account: Pick<IdentityUser, 'username' | 'email'>, password: string): Promise<Credentials> {
    const srpSalt = newSalt();
    return {
      srpSalt,
      srpVerifier: deriveVerifier(this.poolName, account.username, password, srpSalt),
      srpEmailVerifier: account.email === account.username ? null : deriveVerifier(this.poolName, account.email, password, srpSalt),
      passwordHash: await hashPassword(password),
    };
  }

  /**
   * The SRP identity for a sign-in with `login`: the e-mail when the user typed it and its verifier
   * exists, so that the challenge only echoes what the client sent; otherwise the username.
   */
  srpIdentity(user: IdentityUser, login: string): SrpIdentity {
    if (login.trim().toLowerCase() === user.email && user.srpEmailVerifier !== null) {
      return { userId: user.email, salt: user.srpSalt, verifier: user.srpEmailVerifier };
    }
    return { userId: user.username, salt: user.srpSalt, verifier: user.srpVerifier };
  }
}
