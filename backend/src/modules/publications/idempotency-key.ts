import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Request } from 'express';
import type { Repository } from 'typeorm';
import { isUniqueViolation } from '../../database/database-errors';
import { ApiCallIdempotency } from './entities/api-call-idempotency.entity';
import { IdempotentCallAnsweredError, IdempotentCallRunningError, InvalidIdempotencyKeyError } from './publications.errors';

/** The request header a client retries a call with (the IETF draft's name, as Stripe's and OpenAI's SDKs send it). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Longer than any call runs (model and tools' time-outs included): a claim older than this was left by a try that died. */
export const CLAIM_LEASE_MS = 15 * 60_000;

const VISIBLE_ASCII = /^[\x21-\x7e]{1,255}$/;

/**
 * The call's Idempotency-Key, if it sent one: an answered call is run and charged once per key and
 * Idempotency-Key, whichever instance each try reaches (CallIdempotency, UsageMeter).
 */
export function idempotencyKeyOf(request: Request): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !VISIBLE_ASCII.test(value)) throw new InvalidIdempotencyKeyError();
  return value;
}

/**
 * One try at a time for a call sent with an Idempotency-Key, on every instance: a try claims it
 * before the model is asked (one insert, only for calls that send the header). A retry while a try
 * runs, or once one was answered, is refused (409) and not charged; a try that fails gives the
 * claim back so that the retry runs; a claim left by a killed instance is given back when its
 * journal is replayed (UsageMeter), or lapses after CLAIM_LEASE_MS. UsageMeter marks it counted in
 * the transaction that puts the call in the ledger.
 */
@Injectable()
export class CallIdempotency {
  constructor(@InjectRepository(ApiCallIdempotency) private readonly claims: Repository<ApiCallIdempotency>) {}

  /** `holder`: the claiming process (UsageMeter.holder). */
  async claim(keyId: string, idempotencyKey: string, holder: string, now = Date.now()): Promise<void> {
    try {
      await this.claims.insert({ keyId, idempotencyKey, createdAt: now, holder, answered: false, counted: false });
      return;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const held = await this.claims.findOneBy({ keyId, idempotencyKey });
    if (held?.answered || held?.counted) throw new IdempotentCallAnsweredError();
    if (!held || held.createdAt > now - CLAIM_LEASE_MS) throw new IdempotentCallRunningError();
    // The try that held it died: this one takes it over, unless another retry did first.
    const taken = await this.claims.update({ keyId, idempotencyKey, answered: false, counted: false, createdAt: held.createdAt }, { createdAt: now, holder });
    if (!taken.affected) throw new IdempotentCallRunningError();
  }

  /** The try answered (the ledger counts it on its next write): a retry is refused as answered at once. */
  async markAnswered(keyId: string, idempotencyKey: string): Promise<void> {
    await this.claims.update({ keyId, idempotencyKey }, { answered: true });
  }

  /** The try failed without an answer: a retry may run. */
  async release(keyId: string, idempotencyKey: string): Promise<void> {
    await this.claims.delete({ keyId, idempotencyKey, answered: false, counted: false });
  }
}
