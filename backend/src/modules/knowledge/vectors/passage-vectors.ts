import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { vectorToBlob } from './vector-blob';
import { VectorMatrix } from './vector-matrix';

/** One agent's vectors of one model, as a search reads them: row i of `vectors` is passage `ids[i]`. */
export interface AgentVectors {
  /** What the agent's ready documents looked like when these were read (see signatureOf). */
  signature: string;
  ids: Float64Array;
  vectors: VectorMatrix;
}

const bytesOf = (entry: AgentVectors) => entry.vectors.byteLength + entry.ids.byteLength;

/** A passage's new vector. */
export interface PassageVectorRow {
  passageId: number;
  agentId: string;
  vector: Float32Array;
}

/** Rows a statement inserts (5 values each) and ids a statement deletes: well under SQLite's bound variables. */
const INSERT_BATCH = 200;
const DELETE_BATCH = 500;

type Queryable = DataSource | EntityManager;

/**
 * The passages' vectors (knowledge_passage_vectors, migration 1795800000000) and the search's
 * view of them. Exact search reads every vector of the agent, so each process keeps the agents it
 * searched last in memory, as one Float32 matrix each (VectorMatrix: passages × dimensions × 4
 * bytes, 100 MB for 100,000 passages of 256 dimensions), at most KNOWLEDGE_VECTOR_CACHE_MB together (the least
 * recently searched go first; an agent larger than all of it is read for each search instead).
 * A cached agent is checked at every search against its ready documents' count and latest
 * `updated_at` — one indexed look-up among at most 50 rows — which ingestion, deletion and
 * re-embedding all change, in any instance.
 */
@Injectable()
export class PassageVectors {
  private readonly cache = new Map<string, AgentVectors>();
  private cachedBytes = 0;
  private readonly loading = new Map<string, Promise<AgentVectors>>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Stores the passages' vectors made with `model`, replacing any earlier one of theirs, in the
   * caller's transaction (ingestion's, with the passages).
   */
  async write(manager: EntityManager, model: string, rows: readonly PassageVectorRow[]): Promise<void> {
    const table = this.table('knowledge_passage_vectors', manager);
    for (let start = 0; start < rows.length; start += DELETE_BATCH) {
      const ids = rows.slice(start, start + DELETE_BATCH).map((row) => row.passageId);
      await manager.query(`DELETE FROM ${table} WHERE passage_id IN (${ids.map((_, index) => this.placeholder(index, manager)).join(', ')})`, ids);
    }
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      const batch = rows.slice(start, start + INSERT_BATCH);
      const values = batch.map((_, row) => `(${[0, 1, 2, 3, 4].map((column) => this.placeholder(row * 5 + column, manager)).join(', ')})`);
      await manager.query(
        `INSERT INTO ${table} (passage_id, agent_id, model, dimensions, embedding) VALUES ${values.join(', ')}`,
        batch.flatMap((row) => [row.passageId, row.agentId, model, row.vector.length, vectorToBlob(row.vector)]),
      );
    }
  }

  /** A document's passage ids by ordinal (after they were inserted). */
  async passageIds(manager: EntityManager, documentId: string): Promise<Map<number, number>> {
    const rows: Array<{ id: number | string; ordinal: number | string }> = await manager.query(
      `SELECT id, ordinal FROM ${this.table('knowledge_passages', manager)} WHERE document_id = ${this.placeholder(0, manager)}`,
      [documentId],
    );
    return new Map(rows.map((row) => [Number(row.ordinal), Number(row.id)]));
  }

  /** The agent's vectors of `model`, from memory when its ready documents have not changed since. */
  async forAgent(agentId: string, model: string): Promise<AgentVectors> {
    const key = `${agentId}\u0000${model}`;
    const signature = await this.signatureOf(agentId);
    const cached = this.cache.get(key);
    if (cached && cached.signature === signature) {
      // Most recently used last: the eviction takes the first.
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const loadKey = `${key}\u0000${signature}`;
    let loading = this.loading.get(loadKey);
    if (!loading) {
      loading = this.load(agentId, model, signature).finally(() => this.loading.delete(loadKey));
      this.loading.set(loadKey, loading);
    }
    const loaded = await loading;
    this.remember(key, loaded);
    return loaded;
  }

  /** Bytes of vectors this process keeps now. */
  get memoryBytes(): number {
    return this.cachedBytes;
  }

  private remember(key: string, vectors: AgentVectors): void {
    const previous = this.cache.get(key);
    if (previous === vectors) return;
    if (previous) {
      this.cache.delete(key);
      this.cachedBytes -= bytesOf(previous);
    }
    const bytes = bytesOf(vectors);
    if (bytes > this.config.embeddings!.cacheBytes) return;
    for (const [oldest, entry] of this.cache) {
      if (this.cachedBytes + bytes <= this.config.embeddings!.cacheBytes) break;
      this.cache.delete(oldest);
      this.cachedBytes -= bytesOf(entry);
    }
    this.cache.set(key, vectors);
    this.cachedBytes += bytes;
  }

  private async signatureOf(agentId: string): Promise<string> {
    const rows: Array<{ documents: number | string; latest: Date | string | null }> = await this.dataSource.query(
      `SELECT COUNT(*) AS documents, MAX(updated_at) AS latest FROM ${this.table('knowledge_documents')} WHERE agent_id = ${this.placeholder(0)} AND status = 'ready'`,
      [agentId],
    );
    const latest = rows[0]?.latest;
    return `${Number(rows[0]?.documents ?? 0)}@${latest instanceof Date ? latest.toISOString() : String(latest)}`;
  }

  private async load(agentId: string, model: string, signature: string): Promise<AgentVectors> {
    const rows: Array<{ passage_id: number | string; dimensions: number | string; embedding: Buffer | Uint8Array }> = await this.dataSource.query(
      `SELECT passage_id, dimensions, embedding FROM ${this.table('knowledge_passage_vectors')}
       WHERE agent_id = ${this.placeholder(0)} AND model = ${this.placeholder(1)} ORDER BY passage_id`,
      [agentId, model],
    );
    const dimensions = rows.length > 0 ? Number(rows[0].dimensions) : 0;
    const usable = rows.filter((row) => Number(row.dimensions) === dimensions && row.embedding.byteLength === dimensions * 4);
    const ids = new Float64Array(usable.length);
    const vectors = new VectorMatrix(usable.length, dimensions);
    usable.forEach((row, index) => {
      ids[index] = Number(row.passage_id);
      vectors.setRow(index, row.embedding);
    });
    return { signature, ids, vectors };
  }

  private isPostgres(source: Queryable = this.dataSource): boolean {
    const connection = 'connection' in source ? source.connection : source;
    return connection.driver.options.type === 'postgres';
  }

  private table(name: string, source: Queryable = this.dataSource): string {
    if (!this.isPostgres(source)) return `"${name}"`;
    const connection = 'connection' in source ? source.connection : source;
    return `"${(connection.driver.options as { schema?: string }).schema ?? 'public'}"."${name}"`;
  }

  private placeholder(index: number, source: Queryable = this.dataSource): string {
    return this.isPostgres(source) ? `$${index + 1}` : '?';
  }
}
