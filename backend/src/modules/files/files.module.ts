import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { AgentsModule } from '../agents/agents.module';
import { EcosystemsModule } from '../ecosystems/ecosystems.module';
import { AvatarFilesModule } from './avatar-files';
import { LocalDiskFileStorage } from './adapters/local-disk-file-storage';
import { FileUrlSecret } from './entities/file-url-secret.entity';
import { StoredFile } from './entities/stored-file.entity';
import { FilesController } from './files.controller';
import { FilesService } from './files.service';
import { FileStorage } from './ports/file-storage';

/**
 * Uploaded images (agent and ecosystem avatars), served through signed, expiring URLs; a public
 * avatar also without one. The signer comes from AvatarFilesModule (one per app).
 */
@Module({
  imports: [TypeOrmModule.forFeature([StoredFile, FileUrlSecret]), AvatarFilesModule, AgentsModule, EcosystemsModule],
  controllers: [FilesController],
  providers: [
    FilesService,
    {
      provide: FileStorage,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new LocalDiskFileStorage(join(config.dataDir, 'files')),
    },
  ],
  exports: [FilesService],
})
export class FilesModule {}
