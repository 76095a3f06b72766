import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AccountHolds } from '../../common/auth/account-holds';
import type { DomainError } from '../../common/errors/domain-error';
import { InstanceBus } from '../instance-bus/instance-bus';
import { AccountDeletionPendingError, AccountErasedError } from './account-deletion.errors';
import { AccountDeletion } from './entities/account-deletion.entity';
import { ErasedAccount } from './entities/erased-account.entity';

/** How long what was read of an account is trusted: another instance's change shows within it (and at once through the instance bus). */
const HOLD_TTL_MS = 1_000;

/** The SHA-256 of an erased account's subject, the only trace of it kept (for an hour or two). */
export function subDigest(sub: string): string {
  return createHash('sha256').update(`account:${sub}`).digest('hex');
}

/**
 * The AccountHolds the auth guard and the API keys ask on every call: an account whose deletion
 * is scheduled is answered 'Tu cuenta se eliminará el {fecha}.', an erased one's leftover token
 * is refused. Read from the database and kept a second; a request, cancellation or erasure drops
 * it on every instance ('identity.sessions-ended').
 */
@Injectable()
export class AccountHoldsService extends AccountHolds {
  private readonly cache = new Map<string, { at: number; refusal: DomainError | null }>();

  constructor(
    @InjectRepository(AccountDeletion) private readonly deletions: Repository<AccountDeletion>,
    @InjectRepository(ErasedAccount) private readonly erased: Repository<ErasedAccount>,
    bus: InstanceBus,
  ) {
    super();
    bus.subscribe('identity.sessions-ended', (sub) => (sub ? this.cache.delete(sub) : this.cache.clear()));
  }

  async refusal(sub: string): Promise<DomainError | null> {
    const cached = this.cache.get(sub);
    if (cached && Date.now() - cached.at < HOLD_TTL_MS) return cached.refusal;
    const refusal = await this.read(sub);
    if (this.cache.size >= 10_000) this.cache.clear();
    this.cache.set(sub, { at: Date.now(), refusal });
    return refusal;
  }

  /** This instance's view changes now; others' through the bus. */
  forgetLocally(sub: string): void {
    this.cache.delete(sub);
  }

  private async read(sub: string): Promise<DomainError | null> {
    const deletion = await this.deletions.findOneBy({ sub });
    if (deletion) return new AccountDeletionPendingError(new Date(deletion.scheduledFor));
    const gone = await this.erased.findOneBy({ subDigest: subDigest(sub) });
    return gone && new Date(gone.forgetAfter).getTime() > Date.now() ? new AccountErasedError() : null;
  }
}
