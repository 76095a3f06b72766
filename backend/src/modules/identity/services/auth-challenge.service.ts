import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { Errors } from '../cognito-errors';
import { newOpaqueToken, sha256Hex } from '../crypto/secrets';
import { AuthChallenge, ChallengeKind } from '../entities/auth-challenge.entity';
import { CHALLENGE_MAX_ATTEMPTS, CHALLENGE_TTL_MS } from '../identity.constants';

export interface NewChallenge {
  kind: ChallengeKind;
  userSub: string | null;
  clientId: string;
  srpClientPublic?: string;
  srpUserId?: string;
  srpPrivate?: string;
  authenticatedAt?: Date;
  /** The opaque session string; random unless the flow dictates it (SRP's SECRET_BLOCK). */
  session?: string;
}

/** The pending step of a sign-in, found again by the `Session` string the client echoes. */
@Injectable()
export class AuthChallengeService {
  constructor(@InjectRepository(AuthChallenge) private readonly challenges: Repository<AuthChallenge>) {}

  async open(challenge: NewChallenge): Promise<string> {
    const session = challenge.session ?? newOpaqueToken(96);
    await this.challenges.delete({ expiresAt: LessThan(new Date()) });
    await this.challenges.insert({
      id: randomUUID(),
      sessionHash: sha256Hex(session),
      kind: challenge.kind,
      userSub: challenge.userSub,
      clientId: challenge.clientId,
      srpClientPublic: challenge.srpClientPublic ?? null,
      srpUserId: challenge.srpUserId ?? null,
      srpPrivate: challenge.srpPrivate ?? null,
      authenticatedAt: challenge.authenticatedAt ?? null,
      attempts: 0,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    });
    return session;
  }

  /** The live challenge of `kinds` behind a session string, or "session expired". */
  async find(session: string | undefined, kinds: ChallengeKind[], clientId: string): Promise<AuthChallenge> {
    const challenge = session ? await this.challenges.findOneBy({ sessionHash: sha256Hex(session) }) : null;
    if (
      !challenge ||
      !kinds.includes(challenge.kind) ||
      challenge.clientId !== clientId ||
      challenge.expiresAt.getTime() <= Date.now()
    ) {
      throw Errors.invalidSession();
    }
    return challenge;
  }

  /** Used up: a session answers one step only, so a seen answer cannot be replayed. */
  async close(challenge: AuthChallenge): Promise<void> {
    const deleted = await this.challenges.delete({ id: challenge.id });
    if (!deleted.affected) throw Errors.invalidSession();
  }

  /** Counts a try at a code; after five the session is gone and sign-in starts over. */
  async countAttempt(challenge: AuthChallenge): Promise<void> {
    const counted = await this.challenges
      .createQueryBuilder()
      .update()
      .set({ attempts: () => 'attempts + 1' })
      .where('id = :id AND attempts < :max', { id: challenge.id, max: CHALLENGE_MAX_ATTEMPTS })
      .execute();
    if (!counted.affected) {
      await this.challenges.delete({ id: challenge.id });
      throw Errors.invalidSession();
    }
  }
}
