import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { JWTPayload } from 'jose';
import { Repository } from 'typeorm';
import { InstanceBus } from '../../instance-bus/instance-bus';
import { CognitoAccountState } from '../entities/cognito-account-state.entity';
import type { UserRole } from '../entities/identity-user.entity';

/** How long an account's state is trusted before it is read again: another instance's change shows within it. */
const STATE_TTL_MS = 1_000;

/**
 * Amazon Cognito cannot revoke an id token before it expires (up to an hour), and a global
 * sign-out only ends refresh and access tokens. What an admin does to an account here (disable,
 * role change) is therefore also kept in our database, and the Cognito verifier refuses the
 * account's tokens from then on: at once on this instance, within a second on the others.
 */
@Injectable()
export class CognitoAccountStates {
  private readonly cache = new Map<string, { at: number; state: CognitoAccountState | null }>();

  constructor(
    @InjectRepository(CognitoAccountState) private readonly states: Repository<CognitoAccountState>,
    private readonly bus: InstanceBus,
  ) {}

  /**
   * Tokens issued up to the end of this second are refused for good (`iat` counts whole seconds:
   * one issued earlier in this second must not survive); a sign-in after re-enabling is a new one.
   */
  async disable(sub: string): Promise<void> {
    await this.write(sub, { enabled: false, tokensValidAfter: new Date(Math.ceil(Date.now() / 1000) * 1000) });
  }

  /** Enabled again: the tokens it had before stay refused (the user signs in again). */
  async enable(sub: string): Promise<void> {
    await this.write(sub, { enabled: true });
  }

  /** A token claiming the old role is refused by its claim; one issued after the change stands. */
  async setRole(sub: string, role: UserRole): Promise<void> {
    await this.write(sub, { role, tokensValidAfter: new Date(Math.floor(Date.now() / 1000) * 1000) });
  }

  /** Every token issued up to the end of this second is refused (as disable does), the account staying enabled: the user signs in again. */
  async endSessions(sub: string): Promise<void> {
    await this.write(sub, { tokensValidAfter: new Date(Math.ceil(Date.now() / 1000) * 1000) });
  }

  /** The account is gone from the pool: nothing of it is kept here. */
  async forget(sub: string): Promise<void> {
    await this.states.delete({ sub });
    this.cache.delete(sub);
    await this.bus.publish('identity.sessions-ended', sub);
  }

  /** Whether a token Cognito signed still stands by what admins did here. */
  async stands(payload: JWTPayload): Promise<boolean> {
    const sub = String(payload.sub);
    const cached = this.cache.get(sub);
    const state = cached && Date.now() - cached.at < STATE_TTL_MS ? cached.state : await this.read(sub);
    if (!state) return true;
    if (!state.enabled) return false;
    if (state.role && (payload['custom:role'] === 'admin' ? 'admin' : 'user') !== state.role) return false;
    if (state.tokensValidAfter && (payload.iat ?? 0) * 1000 < new Date(state.tokensValidAfter).getTime()) return false;
    return true;
  }

  private async read(sub: string): Promise<CognitoAccountState | null> {
    const state = await this.states.findOneBy({ sub });
    if (this.cache.size >= 10_000) this.cache.clear();
    this.cache.set(sub, { at: Date.now(), state });
    return state;
  }

  private async write(sub: string, changes: Partial<Omit<CognitoAccountState, 'sub'>>): Promise<void> {
    const current = (await this.states.findOneBy({ sub })) ?? this.states.create({ sub, enabled: true, role: null, tokensValidAfter: null });
    await this.states.save({ ...current, ...changes });
    // This instance refuses the account's tokens from the next call; every instance drops what it
    // kept of the account (its API keys too).
    this.cache.delete(sub);
    await this.bus.publish('identity.sessions-ended', sub);
  }
}
