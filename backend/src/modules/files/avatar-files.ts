import { Injectable, Module } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { mayModify } from '../../common/access/access-policy';
import type { VerifiedIdentity } from '../identity/id-token-verifier';
import { StoredFile } from './entities/stored-file.entity';
import { AvatarFileNotAllowedError } from './files.errors';

const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * The avatar of a public agent or ecosystem is readable by everyone, so naming an uploaded file as
 * one publishes it: only a file the caller may modify (their own upload; any, for an admin) may be
 * named. Every UUID in the text counts, whatever the URL's shape or letter case, so that no
 * spelling of the address slips past while a reader would still resolve it to the file.
 */
@Injectable()
export class AvatarFiles {
  constructor(@InjectRepository(StoredFile) private readonly files: Repository<StoredFile>) {}

  async assertMayUse(identity: VerifiedIdentity, avatar: string | null | undefined): Promise<void> {
    const ids = [...new Set((avatar ?? '').match(UUID_IN_TEXT)?.map((id) => id.toLowerCase()) ?? [])];
    if (ids.length === 0) return;
    const named = await this.files.find({ select: { id: true, ownerSub: true }, where: { id: In(ids) } });
    if (named.some((file) => !mayModify(identity, file))) throw new AvatarFileNotAllowedError();
  }
}

/** For the agents and ecosystems modules, which the files module itself depends on. */
@Module({
  imports: [TypeOrmModule.forFeature([StoredFile])],
  providers: [AvatarFiles],
  exports: [AvatarFiles],
})
export class AvatarFilesModule {}
