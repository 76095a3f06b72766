import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { readDocumentContent } from './document-content';
import { DocumentParser } from './document-parser';
import { KnowledgeDocument } from './entities/knowledge-document.entity';
import { KnowledgePassage } from './entities/knowledge-passage.entity';
import { DocumentParseError, type Passage } from './parsing/parsing.types';
import { bullmqConnection } from '../../common/redis/bullmq-connection';
import { timeQueueJob, watchQueue } from '../metrics/instruments';
import { embedInBatches, passageEmbeddingText } from './embeddings/embed-passages';
import { EMBEDDINGS, type Embeddings } from './embeddings/embeddings.port';
import { PassageVectors } from './vectors/passage-vectors';

/** A claim not refreshed for this long belongs to an instance that died: another may take the document. */
export const CLAIM_STALE_MS = 2 * 60_000;
/** How often each instance looks for documents nobody is ingesting (a dead instance's). */
const SWEEP_INTERVAL_MS = 60_000;
/** A claim is refreshed this often while its document is worked on, progress or not (a DOCX reports none). */
export const CLAIM_HEARTBEAT_MS = 30_000;
/** Progress (pagesDone) is written at most this often. */
const PROGRESS_INTERVAL_MS = 500;
/** Passages inserted per statement (7 columns each; well under SQLite's bound variables). */
const INSERT_BATCH = 400;
const UNEXPECTED_FAILURE = 'No se pudo procesar el documento. Bórralo y vuelve a subirlo.';

export const KNOWLEDGE_QUEUE_NAME = 'knowledge';

/**
 * One BullMQ queue per database (as the collaboration queue's): the instances sharing a database
 * share its documents' jobs, and another deployment on the same Redis never takes them.
 */
export function knowledgeQueuePrefix(config: AppConfig): string {
  const database = config.database as { type: string; url?: string; schema?: string; path?: string };
  const name = database.type === 'postgres' ? `${database.url}#${database.schema ?? 'public'}` : `sqlite:${database.path}`;
  return `nova:${createHash('sha256').update(name).digest('hex').slice(0, 12)}`;
}

/**
 * Ingestion in the background, one document at a time per instance (parsing runs in a worker
 * thread): parse → chunk → embed (when an embeddings model is configured) → store the passages
 * and their vectors → `ready`, or `failed` with parsing's Spanish reason.
 * The in-process queue holds ids only; the state is the row. Before working on a document an
 * instance claims it with a conditional UPDATE (status 'processing' and no live claim), so two
 * instances never ingest the same one; the claim is refreshed with the progress. At start-up, and
 * every minute, an instance takes up the documents left 'processing' without a live claim: those
 * of a process that was killed (their bytes are in the row). A graceful shutdown lets go of its
 * claim, so the next instance resumes at once. With REDIS_URL the ids go through the BullMQ queue
 * 'knowledge' instead (a job's id is its document's, so a document is queued once), and any
 * instance's worker takes any document; the claim still decides who works on it.
 */
@Injectable()
export class KnowledgeIngestion implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(KnowledgeIngestion.name);
  private readonly instanceId = randomUUID();
  private readonly queue: string[] = [];
  private draining: Promise<void> | null = null;
  private sweeper: NodeJS.Timeout | undefined;
  private closing = false;
  private bull: { queue: Queue; worker: Worker } | null = null;
  private unwatchQueue: (() => void) | undefined;

  constructor(
    @InjectRepository(KnowledgeDocument) private readonly documents: Repository<KnowledgeDocument>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly parser: DocumentParser,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EMBEDDINGS) private readonly embeddings: Embeddings | null,
    private readonly vectors: PassageVectors,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.redisUrl) {
      const connection = bullmqConnection(this.config.redisUrl);
      const prefix = knowledgeQueuePrefix(this.config);
      const queue = new Queue(KNOWLEDGE_QUEUE_NAME, { connection, prefix });
      const worker = new Worker(KNOWLEDGE_QUEUE_NAME, async (job) => timeQueueJob('knowledge', () => this.ingest(String(job.data.documentId))), { connection, prefix, concurrency: 1 });
      queue.on('error', (error) => this.logger.warn(`Cola de conocimiento: ${error.message}`));
      worker.on('error', (error) => this.logger.warn(`Cola de conocimiento: ${error.message}`));
      this.bull = { queue, worker };
      this.unwatchQueue = watchQueue('knowledge', () => queue.getWaitingCount(), true);
    } else {
      this.unwatchQueue = watchQueue('knowledge', () => this.queue.length);
    }
    void this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    this.unwatchQueue?.();
    this.queue.length = 0;
    clearInterval(this.sweeper);
    if (this.bull) {
      // Not waiting for the document in flight: its claim is let go below and another instance resumes it.
      await this.bull.worker.close(true).catch(() => undefined);
      await this.bull.queue.close().catch(() => undefined);
    }
    await this.documents
      .createQueryBuilder()
      .update(KnowledgeDocument)
      .set({ claimedBy: null, claimedAt: null })
      .where('claimed_by = :me AND status = :processing', { me: this.instanceId, processing: 'processing' })
      .execute()
      .catch((error: unknown) => this.logger.warn(`No se pudieron soltar los documentos en curso: ${String(error)}`));
  }

  /** Queues a document for ingestion here; returns at once. */
  enqueue(documentId: string): void {
    if (this.closing) return;
    if (this.bull) {
      this.bull.queue
        .add('ingest', { documentId }, { jobId: documentId, removeOnComplete: true, removeOnFail: true, attempts: 1 })
        .catch((error: unknown) => this.logger.warn(`No se pudo encolar el documento ${documentId}: ${String(error)}`));
      return;
    }
    if (this.queue.includes(documentId)) return;
    this.queue.push(documentId);
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
  }

  /** Resolves when this instance's queue is empty (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async sweep(): Promise<void> {
    if (this.closing) return;
    try {
      const rows = await this.documents
        .createQueryBuilder('document')
        .select('document.id', 'id')
        .where('document.status = :processing', { processing: 'processing' })
        .andWhere('(document.claimed_by IS NULL OR document.claimed_at < :stale)', { stale: new Date(Date.now() - CLAIM_STALE_MS) })
        .orderBy('document.created_at', 'ASC')
        .getRawMany<{ id: string }>();
      for (const row of rows) this.enqueue(row.id);
    } catch (error) {
      if (!this.closing) this.logger.warn(`No se pudieron buscar documentos pendientes: ${String(error)}`);
    }
  }

  private async drain(): Promise<void> {
    for (let id = this.queue.shift(); id !== undefined && !this.closing; id = this.queue.shift()) {
      try {
        await timeQueueJob('knowledge', () => this.ingest(id));
      } catch (error) {
        if (!this.closing) this.logger.error(`Ingesta del documento ${id}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
    }
  }

  /** Takes the document if it is still to be ingested and nobody alive has it. */
  private async claim(id: string): Promise<boolean> {
    const result = await this.documents
      .createQueryBuilder()
      .update(KnowledgeDocument)
      .set({ claimedBy: this.instanceId, claimedAt: new Date() })
      .where('id = :id AND status = :processing AND (claimed_by IS NULL OR claimed_at < :stale)', {
        id,
        processing: 'processing',
        stale: new Date(Date.now() - CLAIM_STALE_MS),
      })
      .execute();
    return Boolean(result.affected);
  }

  private async ingest(id: string): Promise<void> {
    if (!(await this.claim(id))) return;
    const row = await this.documents.findOneBy({ id });
    if (!row) return;
    const content = await readDocumentContent(this.dataSource, id);
    if (!content) return this.finish(id, { status: 'failed', error: UNEXPECTED_FAILURE });

    let lastWrite = 0;
    const onProgress = (done: number, total: number) => {
      const now = Date.now();
      if (now - lastWrite < PROGRESS_INTERVAL_MS || this.closing) return;
      lastWrite = now;
      void this.documents
        .update({ id, claimedBy: this.instanceId }, { pagesDone: done, pages: total, claimedAt: new Date(), updatedAt: new Date() })
        .catch((error: unknown) => this.logger.warn(`Progreso del documento ${id}: ${String(error)}`));
    };

    const heartbeat = setInterval(() => {
      void this.documents
        .update({ id, claimedBy: this.instanceId, status: 'processing' }, { claimedAt: new Date() })
        .catch((error: unknown) => this.logger.warn(`Reclamo del documento ${id}: ${String(error)}`));
    }, CLAIM_HEARTBEAT_MS);
    heartbeat.unref();
    try {
      await this.work(row, content, onProgress);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async work(row: KnowledgeDocument, content: Buffer, onProgress: (done: number, total: number) => void): Promise<void> {
    const id = row.id;
    let passages: Passage[];
    let pages: number;
    try {
      const parsed = await this.parser.parse(content, onProgress);
      passages = this.parser.chunk(parsed);
      pages = parsed.pages;
    } catch (error) {
      if (this.closing) return;
      if (error instanceof DocumentParseError) return this.finish(id, { status: 'failed', error: error.reason });
      this.logger.error(`Lectura del documento ${id}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return this.finish(id, { status: 'failed', error: UNEXPECTED_FAILURE });
    }
    if (this.closing) return;
    const vectors = await this.embed(id, passages);
    if (this.closing) return;
    await this.store(row, passages, pages, vectors);
  }

  /**
   * The passages' vectors when an embeddings model is configured, in batches. A provider that
   * fails does not fail the document: it is stored 'ready' without vectors (full text finds its
   * passages at once) and VectorReembedder gives them vectors in the background later.
   */
  private async embed(id: string, passages: Passage[]): Promise<Float32Array[] | null> {
    if (!this.embeddings || passages.length === 0) return null;
    try {
      return await embedInBatches(this.embeddings, passages.map(passageEmbeddingText));
    } catch (error) {
      if (!this.closing) this.logger.warn(`Vectores del documento ${id}: ${error instanceof Error ? error.message : String(error)}; queda listo solo con texto completo y se reintentará en segundo plano`);
      return null;
    }
  }

  /** The passages and 'ready' together, only while the claim is still this instance's (not deleted, not taken over). */
  private async store(document: KnowledgeDocument, passages: Passage[], pages: number, vectors: Float32Array[] | null): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const claimed = await manager.update(
        KnowledgeDocument,
        { id: document.id, claimedBy: this.instanceId, status: 'processing' },
        { status: 'ready', pages, pagesDone: pages, chunks: passages.length, error: null, claimedBy: null, claimedAt: null, updatedAt: new Date() },
      );
      if (!claimed.affected) return;
      // A resumed ingestion starts over: nothing of an earlier attempt stays.
      await manager.delete(KnowledgePassage, { documentId: document.id });
      for (let start = 0; start < passages.length; start += INSERT_BATCH) {
        await manager.insert(
          KnowledgePassage,
          passages.slice(start, start + INSERT_BATCH).map((passage) => ({
            documentId: document.id,
            agentId: document.agentId,
            ordinal: passage.ordinal,
            page: passage.page,
            heading: passage.heading,
            text: passage.text,
          })),
        );
      }
      if (vectors && this.embeddings) {
        const ids = await this.vectors.passageIds(manager, document.id);
        const rows = passages.flatMap((passage, index) => {
          const passageId = ids.get(passage.ordinal);
          return passageId === undefined ? [] : [{ passageId, agentId: document.agentId, vector: vectors[index] }];
        });
        await this.vectors.write(manager, this.embeddings.modelId, rows);
      }
    });
  }

  private async finish(id: string, outcome: { status: 'failed'; error: string }): Promise<void> {
    await this.documents.update({ id, claimedBy: this.instanceId, status: 'processing' }, { ...outcome, claimedBy: null, claimedAt: null, updatedAt: new Date() });
  }
}
