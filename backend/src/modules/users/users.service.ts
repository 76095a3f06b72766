import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { isAdmin } from '../../common/access/access-policy';
import { isSubjectShaped, namesCaller, type VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { InteractionStateDto, RegistrationContactDto, RegistrationDto, UpdateUserDto } from './dto/users.dto';
import { UserProfile } from './entities/user-profile.entity';
import { defaultHandles, handleProblem } from './public-handle';
import { EmailMismatchError, HandleNotAllowedError, HandleTakenError, RegistrationNotFoundError } from './users.errors';
import { isUniqueViolation } from '../../database/database-errors';

/** A user's public name changed from `before` to `after`: what credits them shows it at once. */
export type HandleChangeListener = (change: { sub: string; before: string; after: string }) => Promise<void>;

@Injectable()
export class UsersService {
  private readonly handleListeners: HandleChangeListener[] = [];

  constructor(@InjectRepository(UserProfile) private readonly profiles: Repository<UserProfile>) {}

  /**
   * The modules that credit users by their public name (agents, ecosystems) rewrite it when it
   * changes; they register here, since the users module cannot depend on them.
   */
  whenHandleChanges(listener: HandleChangeListener): void {
    this.handleListeners.push(listener);
  }

  /** For an admin crediting someone: a user named by their username is credited by their public name; any other name as it is ('system'). */
  async publicNameOf(name: string): Promise<string> {
    return (await this.findByUserId(name))?.handle ?? name;
  }

  /** The caller's public name (see public-handle.ts), their profile made first if they have none. */
  async handleOf(identity: VerifiedIdentity): Promise<string> {
    const profile = await this.profileFor(identity);
    return profile.createdAt ? profile.handle : (await this.profiles.save(profile)).handle;
  }

  /** Creates or updates the caller's registration; the e-mail always comes from the verified token. */
  async register(identity: VerifiedIdentity, contactName: string, email?: string): Promise<RegistrationDto> {
    if (email !== undefined && email.toLowerCase() !== identity.email.toLowerCase()) throw new EmailMismatchError();
    const profile = await this.profileFor(identity);
    profile.contactName = contactName;
    return toRegistration(await this.profiles.save(profile));
  }

  async registration(identity: VerifiedIdentity, userId: string): Promise<RegistrationDto> {
    return toRegistration(await this.findForReading(identity, userId));
  }

  async contact(identity: VerifiedIdentity, username: string): Promise<RegistrationContactDto> {
    const { contactName, email } = await this.findForReading(identity, username);
    return { contactName, email };
  }

  async update(identity: VerifiedIdentity, userId: string, changes: UpdateUserDto): Promise<RegistrationDto> {
    const profile = isAdmin(identity) ? await this.findOrFail(userId) : await this.profileFor(identity);
    const before = profile.handle;
    if (changes.contactName !== undefined) profile.contactName = changes.contactName;
    if (changes.interactionComplete !== undefined) profile.interactionComplete = changes.interactionComplete;
    if (changes.handle !== undefined && changes.handle !== before) {
      const problem = handleProblem(changes.handle);
      if (problem) throw new HandleNotAllowedError(problem);
      if (await this.profiles.existsBy({ handle: changes.handle })) throw new HandleTakenError();
      profile.handle = changes.handle;
    }
    const saved = await this.profiles.save(profile).catch((error: unknown) => {
      // Two users claiming the same handle at once: the unique index keeps one.
      throw isUniqueViolation(error) ? new HandleTakenError() : error;
    });
    if (before && saved.handle !== before) {
      for (const listener of this.handleListeners) await listener({ sub: saved.id, before, after: saved.handle });
    }
    return toRegistration(saved);
  }

  async interactionState(userId: string): Promise<InteractionStateDto> {
    const profile = await this.findByUserId(userId);
    return {
      firstAgentCreated: profile?.firstAgentCreated ?? false,
      interactionComplete: profile?.interactionComplete ?? false,
    };
  }

  /**
   * The identity subject a request's user id (a subject or a username) names. The auth guard has
   * already refused anyone but admins naming another user; a user an admin names who never
   * registered keeps the id as given.
   */
  async subjectOf(identity: VerifiedIdentity, userId: string): Promise<string> {
    if (namesCaller(identity, userId)) return identity.sub;
    return (await this.findByUserId(userId))?.id ?? userId;
  }

  /** The agents module calls this when a user creates their first agent. */
  async markFirstAgentCreated(identity: VerifiedIdentity): Promise<void> {
    const profile = await this.profileFor(identity);
    if (profile.firstAgentCreated) return;
    profile.firstAgentCreated = true;
    await this.profiles.save(profile);
  }

  private async profileFor(identity: VerifiedIdentity): Promise<UserProfile> {
    const existing = await this.profiles.findOneBy({ id: identity.sub });
    if (existing) {
      existing.email = identity.email;
      return existing;
    }
    return this.profiles.create({
      id: identity.sub,
      username: identity.username.toLowerCase(),
      handle: await this.freeDefaultHandle(identity),
      email: identity.email,
      contactName: identity.name ?? null,
      firstAgentCreated: false,
      interactionComplete: false,
    });
  }

  private async freeDefaultHandle(identity: VerifiedIdentity): Promise<string> {
    const candidates = defaultHandles(identity.username, identity.sub);
    const taken = new Set((await this.profiles.find({ select: { handle: true }, where: { handle: In(candidates) } })).map((row) => row.handle));
    return candidates.find((candidate) => !taken.has(candidate)) ?? candidates[candidates.length - 1];
  }

  /** A user id is the subject or the username, as the spec's clients send either; never both (isSubjectShaped). */
  private findByUserId(userId: string): Promise<UserProfile | null> {
    return this.profiles.findOneBy(isSubjectShaped(userId) ? { id: userId } : { username: userId.toLowerCase() });
  }

  /**
   * A signed-up user has a registration from their first call on: the identity service already
   * holds their name and e-mail, so the profile is made from the token rather than a 404.
   */
  private async findForReading(identity: VerifiedIdentity, userId: string): Promise<UserProfile> {
    const profile = await this.findByUserId(userId);
    if (profile) return profile;
    if (namesCaller(identity, userId)) {
      return this.profiles.save(await this.profileFor(identity));
    }
    throw new RegistrationNotFoundError();
  }

  private async findOrFail(userId: string): Promise<UserProfile> {
    const profile = await this.findByUserId(userId);
    if (!profile) throw new RegistrationNotFoundError();
    return profile;
  }
}

function toRegistration(profile: UserProfile): RegistrationDto {
  return {
    id: profile.id,
    username: profile.username,
    handle: profile.handle,
    contactName: profile.contactName,
    email: profile.email,
    createdAt: profile.createdAt.toISOString(),
  };
}
