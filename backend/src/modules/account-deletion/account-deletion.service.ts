import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThanOrEqual, Repository } from 'typeorm';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { AgentsService } from '../agents/agents.service';
import { AuditLog } from '../audit/audit-log.service';
import { type CredentialCheck, IdentityAdminPort } from '../identity/admin/identity-admin.port';
import { CHALLENGE_TTL_MS } from '../identity/identity.constants';
import { InstanceBus } from '../instance-bus/instance-bus';
import { PaymentsService } from '../payments/payments.service';
import { AccountEraser } from './account-eraser';
import {
  ConfirmEmailMismatchError,
  ErasedUserNotFoundError,
  LastAdminDeletionError,
  MfaCodeRequiredError,
  MfaCodeSentError,
  SelfEraseError,
  TooManyAttemptsError,
  WrongMfaCodeError,
  WrongPasswordError,
} from './account-deletion.errors';
import { AccountHoldsService } from './account-holds.service';
import type { DeletionScheduledDto, DeletionStateDto, ErasedAccountDto, RequestDeletionDto } from './dto/account-deletion.dto';
import { AccountDeletion } from './entities/account-deletion.entity';
import { DeletionCodeChallenge } from './entities/deletion-code-challenge.entity';
import { ErasedAccount } from './entities/erased-account.entity';

/** How long after the request everything is erased. */
export const DELETION_GRACE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * 'Eliminar mi cuenta' (issue 37): the request, proven by the e-mail and password (and the
 * authenticator's code), ends every session and stops the account's API keys on every instance,
 * takes its public agents out of the marketplace and sets its subscriptions to end with their paid
 * period; for 30 days the account only sees when it will go and may cancel; then AccountEraser.
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    @InjectRepository(AccountDeletion) private readonly deletions: Repository<AccountDeletion>,
    @InjectRepository(ErasedAccount) private readonly erased: Repository<ErasedAccount>,
    @InjectRepository(DeletionCodeChallenge) private readonly codeChallenges: Repository<DeletionCodeChallenge>,
    private readonly accounts: IdentityAdminPort,
    private readonly agents: AgentsService,
    private readonly payments: PaymentsService,
    private readonly eraser: AccountEraser,
    private readonly holds: AccountHoldsService,
    private readonly bus: InstanceBus,
    private readonly audit: AuditLog,
  ) {}

  async state(identity: VerifiedIdentity): Promise<DeletionStateDto> {
    const deletion = await this.deletions.findOneBy({ sub: identity.sub });
    return { scheduledFor: deletion ? new Date(deletion.scheduledFor).toISOString() : null };
  }

  async request(identity: VerifiedIdentity, body: RequestDeletionDto, ip: string): Promise<DeletionScheduledDto> {
    if (body.confirmEmail.trim().toLowerCase() !== identity.email.trim().toLowerCase()) throw new ConfirmEmailMismatchError();
    // As for a demotion (issue 29): no path leaves the platform without an enabled admin.
    if (await this.accounts.isLastAdmin(identity.sub)) throw new LastAdminDeletionError();
    await this.proveCredentials(identity, body, ip);

    const requestedAt = new Date();
    const scheduledFor = new Date(requestedAt.getTime() + DELETION_GRACE_MS);
    await this.deletions.save({ sub: identity.sub, requestedAt, scheduledFor });
    this.holds.forgetLocally(identity.sub);
    // Every session and token ends, and every instance drops what it kept of the account (its keys too).
    await this.accounts.endSessions(identity.sub);
    for (const agentId of await this.agents.ownedIds(identity)) await this.agents.unpublishForModeration(agentId);
    await this.payments.cancelEveryRenewal(identity);
    await this.audit.record({ actorSub: identity.sub, action: 'account.deletion-request', target: `user:${identity.sub}`, after: { scheduledFor: scheduledFor.toISOString() } });
    return { scheduledFor: scheduledFor.toISOString() };
  }

  /**
   * The password (and the authenticator's code) by signing in again. When the second factor is the
   * e-mailed code, the first request sends it and keeps the waiting sign-in here (MfaCodeSent); the
   * next one with `mfaCode` answers it, on whichever instance, until the pool's session expires
   * (then the request signs in again and a new code is sent).
   */
  private async proveCredentials(identity: VerifiedIdentity, body: RequestDeletionDto, ip: string): Promise<void> {
    const waiting = body.mfaCode ? await this.codeChallenges.findOneBy({ sub: identity.sub }) : null;
    let check: CredentialCheck;
    if (waiting && body.mfaCode && new Date(waiting.expiresAt).getTime() > Date.now()) {
      check = await this.accounts.proveEmailCode(waiting, body.mfaCode, ip);
    } else {
      check = await this.accounts.proveCredentials(identity.email, body.password, body.mfaCode, ip);
    }
    if (check.outcome !== 'wrong-code') await this.codeChallenges.delete({ sub: identity.sub });
    switch (check.outcome) {
      case 'proven':
        return;
      case 'email-code-sent':
        await this.codeChallenges.save({ sub: identity.sub, ...check.challenge, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) });
        throw new MfaCodeSentError();
      case 'wrong-password':
        throw new WrongPasswordError();
      case 'code-required':
        throw new MfaCodeRequiredError();
      case 'wrong-code':
        throw new WrongMfaCodeError();
      case 'throttled':
        throw new TooManyAttemptsError();
    }
  }

  /**
   * The account is back: signing in and its API keys work again; its agents stay private and its
   * subscriptions end with their period until the user changes that. Cancelling what is not pending
   * changes nothing (the same answer).
   */
  async cancel(identity: VerifiedIdentity): Promise<DeletionStateDto> {
    const removed = await this.deletions.delete({ sub: identity.sub });
    if (!removed.affected) return { scheduledFor: null };
    this.holds.forgetLocally(identity.sub);
    await this.bus.publish('identity.sessions-ended', identity.sub);
    await this.audit.record({ actorSub: identity.sub, action: 'account.deletion-cancel', target: `user:${identity.sub}` });
    return { scheduledFor: null };
  }

  /** POST /api-admin/users/{id}/erase: at once, whether or not the user asked. */
  async eraseNow(admin: VerifiedIdentity, sub: string): Promise<ErasedAccountDto> {
    if (sub === admin.sub) throw new SelfEraseError();
    const known = (await this.accounts.findBySub(sub)) ?? (await this.deletions.findOneBy({ sub }));
    if (!known) throw new ErasedUserNotFoundError();
    await this.eraser.erase(sub);
    await this.audit.record({ actorSub: admin.sub, action: 'user.erase', target: `user:${sub}` });
    return { id: sub, erased: true };
  }

  /** The scheduled job: every account whose 30 days are over is erased; erased accounts' digests older than their tokens go. Answers how many were erased. */
  async eraseDue(now: Date): Promise<number> {
    const due = await this.deletions.find({ where: { scheduledFor: LessThanOrEqual(now) }, order: { scheduledFor: 'ASC' } });
    for (const deletion of due) {
      await this.eraser.erase(deletion.sub);
      await this.audit.record({ actorSub: 'system', action: 'user.erase', target: `user:${deletion.sub}` });
    }
    await this.erased.delete({ forgetAfter: LessThanOrEqual(now) });
    return due.length;
  }
}
