import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { mayModify } from '../../common/access/access-policy';
import { inSpan } from '../../common/telemetry/tracing';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { AgentNotOwnedError } from '../agents/agents.errors';
import { AgentsService } from '../agents/agents.service';
import type { Agent } from '../agents/entities/agent.entity';
import { FilesService } from '../files/files.service';
import { writeDocumentContent } from './document-content';
import { DocumentParser } from './document-parser';
import {
  type KnowledgeDocumentDto,
  type KnowledgeDocumentListDto,
  type KnowledgeSearchResultDto,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_QUERY_MAX,
} from './dto/knowledge.dto';
import { KnowledgeDocument } from './entities/knowledge-document.entity';
import { KnowledgePassage } from './entities/knowledge-passage.entity';
import {
  KnowledgeDocumentLimitError,
  KnowledgeDocumentNotFoundError,
  KnowledgeEmptyFileError,
  KnowledgeFileTooLargeError,
  KnowledgeMissingFileError,
  KnowledgeUnsupportedTypeError,
} from './knowledge.errors';
import { KnowledgeIngestion } from './knowledge-ingestion';
import { toKnowledgeDocumentDto } from './knowledge.mapper';
import { FullTextRanking, fuseRankings, type PassageRanking } from './knowledge-ranking';
import { ANSWER_PASSAGES, type AnswerKnowledge, sourcesOf } from './knowledge-sources';
import { EMBEDDINGS, type Embeddings } from './embeddings/embeddings.port';
import { PassageVectors } from './vectors/passage-vectors';
import { VectorRanking } from './vectors/vector-ranking';

/** What multer hands over for the uploaded part (memory storage). */
export interface UploadedDocument {
  buffer: Buffer;
  size: number;
  originalname?: string;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NAME_MAX = 255;

/**
 * An agent's knowledge (issue 32): its creator's documents, their passages and the search over
 * them. Only the agent's creator and admins reach any of it: another user gets 404 for an agent
 * they may not see and 403 for one they may (a public agent), as the agent's other creator routes.
 */
@Injectable()
export class KnowledgeService {
  /** The rankings fused for a search; a vector ranking joins full text here when embeddings exist. */
  private readonly rankings: PassageRanking[];

  constructor(
    @InjectRepository(KnowledgeDocument) private readonly documents: Repository<KnowledgeDocument>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly agents: AgentsService,
    private readonly files: FilesService,
    private readonly parser: DocumentParser,
    private readonly ingestion: KnowledgeIngestion,
    @Inject(EMBEDDINGS) embeddings: Embeddings | null,
    vectors: PassageVectors,
  ) {
    this.rankings = [new FullTextRanking(dataSource), ...(embeddings ? [new VectorRanking(dataSource, embeddings, vectors)] : [])];
  }

  async list(identity: VerifiedIdentity, agentId: string): Promise<KnowledgeDocumentListDto> {
    const agent = await this.modifiableAgent(identity, agentId);
    const rows = await this.documents.find({ where: { agentId: agent.id }, order: { createdAt: 'DESC', id: 'ASC' } });
    return { items: rows.map(toKnowledgeDocumentDto) };
  }

  async get(identity: VerifiedIdentity, agentId: string, documentId: string): Promise<KnowledgeDocumentDto> {
    const agent = await this.modifiableAgent(identity, agentId);
    return toKnowledgeDocumentDto(await this.findDocument(agent, documentId));
  }

  /** Stores the document as 'processing' with its bytes and queues its ingestion; answers at once. */
  async add(identity: VerifiedIdentity, agentId: string, upload: UploadedDocument | undefined, fileId: string | undefined): Promise<KnowledgeDocumentDto> {
    const agent = await this.modifiableAgent(identity, agentId);
    const { maxFileBytes, maxDocumentsPerAgent } = this.config.knowledge;
    let bytes: Buffer;
    let name: string;
    if (upload?.buffer) {
      bytes = upload.buffer;
      name = uploadedName(upload.originalname);
    } else if (fileId) {
      const file = await this.files.ownedContent(identity, fileId);
      bytes = file.bytes;
      name = file.name ?? 'documento';
    } else {
      throw new KnowledgeMissingFileError();
    }
    if (bytes.length > maxFileBytes) throw new KnowledgeFileTooLargeError(maxFileBytes);
    if (bytes.length === 0) throw new KnowledgeEmptyFileError();
    const mimeType = this.parser.detect(bytes);
    if (!mimeType) throw new KnowledgeUnsupportedTypeError();

    const document = this.documents.create({
      id: randomUUID(),
      agentId: agent.id,
      name: name.slice(0, NAME_MAX),
      mimeType,
      size: bytes.length,
      status: 'processing',
      pages: 0,
      pagesDone: 0,
      chunks: 0,
      error: null,
      contentHash: createHash('sha256').update(bytes).digest('hex'),
      claimedBy: null,
      claimedAt: null,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    // Row and bytes together: ingestion never finds a document without its bytes. The count and
    // the insert are one step per agent (SQLite's write transactions are one at a time; PostgreSQL
    // takes a lock on the agent's knowledge), so two uploads at once cannot both be the 50th.
    await this.dataSource.transaction(async (manager) => {
      if (manager.connection.driver.options.type === 'postgres') await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`nova:knowledge:${agent.id}`]);
      if ((await manager.countBy(KnowledgeDocument, { agentId: agent.id })) >= maxDocumentsPerAgent) throw new KnowledgeDocumentLimitError(maxDocumentsPerAgent);
      await manager.insert(KnowledgeDocument, document);
      await writeDocumentContent(manager, document.id, bytes);
    });
    this.ingestion.enqueue(document.id);
    const stored = await this.documents.findOneByOrFail({ id: document.id });
    return toKnowledgeDocumentDto(stored);
  }

  /** Deletes the document and its passages together: they leave the search at once. */
  async remove(identity: VerifiedIdentity, agentId: string, documentId: string): Promise<void> {
    const agent = await this.modifiableAgent(identity, agentId);
    const document = await this.findDocument(agent, documentId);
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(KnowledgePassage, { documentId: document.id });
      await manager.delete(KnowledgeDocument, { id: document.id });
    });
  }

  async search(identity: VerifiedIdentity, agentId: string, query: string, limit = SEARCH_LIMIT_DEFAULT): Promise<KnowledgeSearchResultDto> {
    const agent = await this.modifiableAgent(identity, agentId);
    const items = (await this.ranked(agent.id, query, limit)).map(({ documentId, documentName, page, text, score }) => ({ documentId, documentName, page, text, score }));
    return { items };
  }

  /**
   * The passages an answer gets (issue 32, item 2): for the agent's chats and published calls, so
   * WITHOUT the creator's access check (a buyer's chat uses it; the caller checked they may use the
   * agent). An agent without ready documents costs one indexed lookup and gets null.
   */
  async forAnswer(agentId: string, question: string, limit = ANSWER_PASSAGES): Promise<AnswerKnowledge | null> {
    if (!(await this.hasReadyDocuments(agentId))) return null;
    const query = question.slice(0, SEARCH_QUERY_MAX);
    const passages = (await this.ranked(agentId, query, limit)).map(({ documentId, documentName, page, text }) => ({ documentId, documentName, page, text }));
    return passages.length > 0 ? { passages, sources: sourcesOf(passages) } : null;
  }

  /** Whether the agent has a document ready to search (its knowledge is then one of its tools, issue 33). */
  hasReadyDocuments(agentId: string): Promise<boolean> {
    return this.documents.exists({ where: { agentId, status: 'ready' } });
  }

  /** The agent's best passages for a query, every ranking (words, meaning) fused; a span of its own. */
  private ranked(agentId: string, query: string, limit: number) {
    return inSpan('knowledge.search', { 'nova.knowledge.limit': limit }, async (span) => {
      const rankings = await Promise.all(this.rankings.map((ranking) => ranking.rank(agentId, query, limit)));
      const passages = fuseRankings(rankings, limit);
      span?.setAttribute('nova.knowledge.passages', passages.length);
      return passages;
    });
  }

  /** 404 for an agent the caller may not see, 403 for one they see but did not create. */
  private async modifiableAgent(identity: VerifiedIdentity, agentId: string): Promise<Agent> {
    const agent = await this.agents.findVisible(identity, agentId);
    if (!mayModify(identity, agent)) throw new AgentNotOwnedError();
    return agent;
  }

  private async findDocument(agent: Agent, documentId: string): Promise<KnowledgeDocument> {
    const document = UUID_PATTERN.test(documentId) ? await this.documents.findOneBy({ id: documentId, agentId: agent.id }) : null;
    if (!document) throw new KnowledgeDocumentNotFoundError();
    return document;
  }
}

/** multer reads the part's file name as latin1; browsers send UTF-8 ('Ley de arrendamientos urbanos – 2024.pdf'). */
function uploadedName(originalname: string | undefined): string {
  if (!originalname) return 'documento';
  const utf8 = Buffer.from(originalname, 'latin1').toString('utf8');
  const name = utf8.includes('\uFFFD') ? originalname : utf8;
  return name.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'documento';
}
