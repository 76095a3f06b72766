import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { LeasesModule } from '../../database/leases/leases';
import { AgentsModule } from '../agents/agents.module';
import { FilesModule } from '../files/files.module';
import { DocumentParser, StructuredDocumentParser } from './document-parser';
import { KnowledgeDocument } from './entities/knowledge-document.entity';
import { KnowledgePassage } from './entities/knowledge-passage.entity';
import { KnowledgeIngestion } from './knowledge-ingestion';
import { KnowledgeUploadInterceptor } from './knowledge-upload.interceptor';
import { KnowledgeController } from './knowledge.controller';
import { KnowledgeService } from './knowledge.service';
import { createEmbeddings } from './embeddings/embeddings.factory';
import { EMBEDDINGS } from './embeddings/embeddings.port';
import { PassageVectors } from './vectors/passage-vectors';
import { VectorReembedder } from './vectors/vector-reembedder';

/**
 * An agent's knowledge (issue 32): its documents, their ingestion in the background, and the
 * search: full text always, plus vectors when EMBEDDINGS_PROVIDER names a model.
 */
@Module({
  imports: [TypeOrmModule.forFeature([KnowledgeDocument, KnowledgePassage]), AgentsModule, FilesModule, LeasesModule],
  controllers: [KnowledgeController],
  providers: [
    KnowledgeService,
    KnowledgeIngestion,
    KnowledgeUploadInterceptor,
    { provide: DocumentParser, useClass: StructuredDocumentParser },
    { provide: EMBEDDINGS, useFactory: (config: AppConfig) => createEmbeddings(config.embeddings), inject: [APP_CONFIG] },
    PassageVectors,
    VectorReembedder,
  ],
  exports: [KnowledgeService],
})
export class KnowledgeModule {}
