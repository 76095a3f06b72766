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
import { FileUploadInterceptor } from './file-upload.interceptor';
import { FileStorage } from './ports/file-storage';

/**
 * Uploaded files: images (agent and ecosystem avatars) and documents (attached to chats and calls,
 * or given to an agent's knowledge), served through signed, expiring URLs; a public avatar also
 * without one. The signer comes from AvatarFilesModule (one per app).
 */
@Module({
  imports: [TypeOrmModule.forFeature([StoredFile, FileUrlSecret]), AvatarFilesModule, AgentsModule, EcosystemsModule],
  controllers: [FilesController],
  providers: [
    FilesService,
    FileUploadInterceptor,
    {
      provide: FileStorage,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new LocalDiskFileStorage(join(config.dataDir, 'files')),
    },
  ],
  exports: [FilesService],
})
export class FilesModule {}
