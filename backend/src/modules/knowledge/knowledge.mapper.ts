import type { KnowledgeDocumentDto } from './dto/knowledge.dto';
import type { KnowledgeDocument } from './entities/knowledge-document.entity';

export function toKnowledgeDocumentDto(document: KnowledgeDocument): KnowledgeDocumentDto {
  return {
    id: document.id,
    name: document.name,
    mimeType: document.mimeType,
    size: document.size,
    status: document.status,
    pages: document.pages,
    pagesDone: document.pagesDone,
    chunks: document.chunks,
    error: document.error,
    createdAt: new Date(document.createdAt).toISOString(),
  };
}
