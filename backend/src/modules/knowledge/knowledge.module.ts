import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AgentsModule } from '../agents/agents.module';
import { FilesModule } from '../files/files.module';
import { DocumentParser, StructuredDocumentParser } from './document-parser';
import { KnowledgeDocument } from './entities/knowledge-document.entity';
import { KnowledgePassage } from './entities/knowledge-passage.entity';
import { KnowledgeIngestion } from './knowledge-ingestion';
import { KnowledgeUploadInterceptor } from './knowledge-upload.interceptor';
import { KnowledgeController } from './knowledge.controller';
import { KnowledgeService } from './knowledge.service';

/** An agent's knowledge (issue 32): its documents, their ingestion in the background, and full-text search. */
@Module({
  imports: [TypeOrmModule.forFeature([KnowledgeDocument, KnowledgePassage]), AgentsModule, FilesModule],
  controllers: [KnowledgeController],
  providers: [KnowledgeService, KnowledgeIngestion, KnowledgeUploadInterceptor, { provide: DocumentParser, useClass: StructuredDocumentParser }],
  exports: [KnowledgeService],
})
export class KnowledgeModule {}
