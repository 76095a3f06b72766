import { Inject, Injectable, Module } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { mayModify } from '../../common/access/access-policy';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { FileUrlSecret } from './entities/file-url-secret.entity';
import { StoredFile } from './entities/stored-file.entity';
import { contentPath, FileUrlSigner } from './file-url-signer';
import { AvatarFileNotAllowedError, AvatarNotImageError, AvatarUrlNotAllowedError } from './files.errors';
import { isAllowedImageType } from './image-sniffing';

const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const CONTENT_PATH = /^\/api\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/content$/i;

/** An avatar's owner (the agent's or ecosystem's `ownerSub`) and what it stores as its avatar. */
export interface OwnedAvatar {
  ownerSub: string | null;
  avatar: string | null;
}

/**
 * The uploaded file an avatar names through its content URL (relative or absolute, signed or not,
 * expired or not), or null for anything else (an outside image, no avatar).
 */
export function avatarFileId(avatar: string | null | undefined): string | null {
  if (!avatar) return null;
  try {
    return CONTENT_PATH.exec(new URL(avatar, 'http://localhost').pathname)?.[1]?.toLowerCase() ?? null;
  } catch {
    return null;
  }
}

/**
 * The reference an agent or ecosystem stores for its avatar: an uploaded file's unsigned content
 * path (`/api/files/{id}/content`), which never expires; readers get it signed (`readable`). Any
 * other avatar is kept as given.
 */
export function stableAvatar(avatar: string | null | undefined): string | null {
  if (avatar === undefined || avatar === null) return null;
  const fileId = avatarFileId(avatar);
  return fileId ? contentPath(fileId) : avatar;
}

/**
 * The avatar of a public agent or ecosystem is readable by everyone, so naming an uploaded file as
 * one publishes it: only a file the caller may modify (their own upload; any, for an admin) may be
 * named. Every UUID in the text counts, whatever the URL's shape or letter case, so that no
 * spelling of the address slips past while a reader would still resolve it to the file.
 *
 * Every visitor's browser loads an avatar, so any other address would let its author watch who
 * looks (a tracking pixel) or point browsers at the visitor's own network: besides uploaded files,
 * only https images of the hosts AVATAR_URL_HOSTS names are accepted, and only those are served
 * (an avatar stored before this rule, or whose host was since struck off the list, reads as none).
 */
@Injectable()
export class AvatarFiles {
  private readonly allowedHosts: readonly string[];

  constructor(
    @InjectRepository(StoredFile) private readonly files: Repository<StoredFile>,
    private readonly signer: FileUrlSigner,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.allowedHosts = config.avatarUrlHosts;
  }

  async assertMayUse(identity: VerifiedIdentity, avatar: string | null | undefined): Promise<void> {
    const ids = [...new Set((avatar ?? '').match(UUID_IN_TEXT)?.map((id) => id.toLowerCase()) ?? [])];
    if (ids.length > 0) {
      const named = await this.files.find({ select: { id: true, ownerSub: true, contentType: true }, where: { id: In(ids) } });
      if (named.some((file) => !mayModify(identity, file))) throw new AvatarFileNotAllowedError();
      // A document uploaded for a chat or an agent's knowledge is never shown as an avatar.
      if (named.some((file) => !isAllowedImageType(file.contentType))) throw new AvatarNotImageError();
    }
    if (!this.isServable(stableAvatar(avatar))) throw new AvatarUrlNotAllowedError(this.allowedHosts);
  }

  /**
   * The avatars as a reader gets them, in order: a file of the owner's own becomes a content URL
   * signed from `now` (valid for an hour, whenever the avatar was stored); a file of someone else's
   * stays unsigned, so that it publishes nothing; an allowed https image is as stored; anything
   * else is none.
   */
  async readable(owned: readonly OwnedAvatar[], now = Date.now()): Promise<(string | null)[]> {
    const ids = [...new Set(owned.map((item) => avatarFileId(item.avatar)).filter((id): id is string => id !== null))];
    const owners = new Map<string, string>();
    if (ids.length > 0) {
      for (const file of await this.files.find({ select: { id: true, ownerSub: true }, where: { id: In(ids) } })) owners.set(file.id, file.ownerSub);
    }
    return Promise.all(
      owned.map(async ({ ownerSub, avatar }) => {
        const fileId = avatarFileId(avatar);
        if (!fileId) return this.isServable(avatar) ? avatar : null;
        return owners.get(fileId) === ownerSub ? this.signer.sign(fileId, now) : contentPath(fileId);
      }),
    );
  }

  /** No avatar, an uploaded file's content path, or an https image of an allowed host. */
  private isServable(avatar: string | null): boolean {
    // An uploaded file is always served by its path on this server, whatever host the text named.
    if (!avatar || avatarFileId(avatar) !== null) return true;
    try {
      const url = new URL(avatar);
      return url.protocol === 'https:' && !url.username && !url.password && this.allowedHosts.includes(url.host);
    } catch {
      return false;
    }
  }

  /** The DTOs with their avatars readable (see `readable`); `owned[i]` is the row of `dtos[i]`. */
  async withReadableAvatars<T extends { avatar: string | null }>(owned: readonly OwnedAvatar[], dtos: T[], now = Date.now()): Promise<T[]> {
    const avatars = await this.readable(owned, now);
    return dtos.map((dto, index) => ({ ...dto, avatar: avatars[index] ?? null }));
  }
}

/**
 * For the agents and ecosystems modules, which the files module itself depends on; it also gives
 * the files module the one URL signer.
 */
@Module({
  imports: [TypeOrmModule.forFeature([StoredFile, FileUrlSecret])],
  providers: [AvatarFiles, FileUrlSigner],
  exports: [AvatarFiles, FileUrlSigner],
})
export class AvatarFilesModule {}
