import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, In } from 'typeorm';
import { Leases } from '../../../database/leases/leases';
import { embedInBatches, passageEmbeddingText } from '../embeddings/embed-passages';
import { EMBEDDINGS, type Embeddings } from '../embeddings/embeddings.port';
import { KnowledgeDocument } from '../entities/knowledge-document.entity';
import { PassageVectors } from './passage-vectors';

/** The lease that makes one instance (of those sharing the database) the one re-embedding. */
export const REEMBED_LEASE = 'knowledge:vectors:reembed';
/** The lease outlives a dead holder by this much; the holder renews it after every batch. */
const LEASE_MS = 2 * 60_000;
/** Besides at start: passages left without vectors by a provider that failed are retried this often. */
export const REEMBED_INTERVAL_MS = 5 * 60_000;

/**
 * Gives vectors of the configured model to the passages of ready documents that have none of it:
 * every passage after EMBEDDINGS_MODEL (or the provider, or the dimensions) changed, and those of a
 * document stored while the provider failed. At start and every few minutes, in the background,
 * by the one instance holding the lease, a few batches at a time; each batch's vectors replace the
 * passages' old ones and touch their documents' `updated_at`, so every instance's search reads the
 * agent's vectors anew. Until a passage has its new vector, the search finds it by full text only.
 */
@Injectable()
export class VectorReembedder implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(VectorReembedder.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | null = null;
  private readonly stop = new AbortController();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(EMBEDDINGS) private readonly embeddings: Embeddings | null,
    private readonly vectors: PassageVectors,
    private readonly leases: Leases,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.embeddings) return;
    void this.runOnce();
    this.timer = setInterval(() => void this.runOnce(), REEMBED_INTERVAL_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.stop.abort();
    await this.running?.catch(() => undefined);
    this.embeddings?.close();
  }

  /** One pass (tests, the timer); resolves with how many passages got vectors. A pass in progress is joined, not doubled. */
  runOnce(): Promise<number> {
    this.running ??= this.pass()
      .catch((error: unknown) => {
        if (!this.stop.signal.aborted) this.logger.warn(`Recalcular vectores: ${error instanceof Error ? error.message : String(error)}`);
        return 0;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async pass(): Promise<number> {
    const embeddings = this.embeddings;
    if (!embeddings || !(await this.leases.take(REEMBED_LEASE, LEASE_MS))) return 0;
    let done = 0;
    try {
      for (;;) {
        if (this.stop.signal.aborted) return done;
        const passages = await this.missing(embeddings.modelId, embeddings.batchSize * 4);
        if (passages.length === 0) break;
        if (done === 0) this.logger.log(`Recalculando los vectores de los fragmentos con ${embeddings.modelId}`);
        const vectors = await embeddingsOf(embeddings, passages, this.stop.signal);
        await this.dataSource.transaction(async (manager) => {
          await this.vectors.write(
            manager,
            embeddings.modelId,
            passages.map((passage, index) => ({ passageId: passage.id, agentId: passage.agentId, vector: vectors[index] })),
          );
          const documents = [...new Set(passages.map((passage) => passage.documentId))];
          await manager.update(KnowledgeDocument, { id: In(documents) }, { updatedAt: new Date() });
        });
        done += passages.length;
        if (!(await this.leases.take(REEMBED_LEASE, LEASE_MS))) return done;
      }
      if (done > 0) this.logger.log(`Vectores recalculados: ${done} fragmentos`);
      return done;
    } finally {
      await this.leases.release(REEMBED_LEASE).catch(() => undefined);
    }
  }

  /** Passages of ready documents without a vector of `model` (none, or another model's). */
  private async missing(model: string, limit: number): Promise<Array<{ id: number; agentId: string; documentId: string; heading: string | null; text: string }>> {
    const postgres = this.dataSource.driver.options.type === 'postgres';
    const schema = (this.dataSource.driver.options as { schema?: string }).schema ?? 'public';
    const table = (name: string) => (postgres ? `"${schema}"."${name}"` : `"${name}"`);
    const rows: Array<{ id: number | string; agent_id: string; document_id: string; heading: string | null; text: string }> = await this.dataSource.query(
      `SELECT p.id, p.agent_id, p.document_id, p.heading, p.text
       FROM ${table('knowledge_passages')} p
       JOIN ${table('knowledge_documents')} d ON d.id = p.document_id AND d.status = 'ready'
       LEFT JOIN ${table('knowledge_passage_vectors')} v ON v.passage_id = p.id AND v.model = ${postgres ? '$1' : '?'}
       WHERE v.passage_id IS NULL
       ORDER BY p.id
       LIMIT ${postgres ? '$2' : '?'}`,
      [model, limit],
    );
    return rows.map((row) => ({ id: Number(row.id), agentId: row.agent_id, documentId: row.document_id, heading: row.heading, text: row.text }));
  }
}

function embeddingsOf(embeddings: Embeddings, passages: Array<{ heading: string | null; text: string }>, signal: AbortSignal): Promise<Float32Array[]> {
  return embedInBatches(embeddings, passages.map(passageEmbeddingText), { signal });
}
