import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { Embeddings } from '../embeddings/embeddings.port';
import type { PassageRanking, RankedPassage } from '../knowledge-ranking';
import type { PassageVectors } from './passage-vectors';
import { bestOf } from './top-k';

/** A provider that fails is said in the logs at most this often (every search would say it). */
const WARN_EVERY_MS = 60_000;
/**
 * The longest a search (or a chat turn) waits for its question's vector: a provider that hangs
 * leaves it to full text after this, not after the model timeout.
 */
export const QUESTION_EMBEDDING_TIMEOUT_MS = 3_000;

/**
 * Vector search (issue 32): the question embedded once, then exact cosine against the agent's
 * passage vectors of the configured model (PassageVectors keeps them in memory). It finds a
 * passage that says the same in other words, which full text cannot; fuseRankings puts the two
 * lists together. An embeddings provider that fails leaves this ranking empty: the search goes on
 * with full text alone.
 */
export class VectorRanking implements PassageRanking {
  private readonly logger = new Logger(VectorRanking.name);
  private lastWarning = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly embeddings: Embeddings,
    private readonly vectors: PassageVectors,
  ) {}

  async rank(agentId: string, query: string, limit: number): Promise<RankedPassage[]> {
    if (!query.trim() || limit <= 0) return [];
    const [agentVectors, queryVector] = await Promise.all([
      this.vectors.forAgent(agentId, this.embeddings.modelId),
      this.embeddings.embed([query], AbortSignal.timeout(QUESTION_EMBEDDING_TIMEOUT_MS)).then(
        ([vector]) => vector,
        (error: unknown) => {
          this.warn(`No se pudo calcular el vector de la pregunta: ${error instanceof Error ? error.message : String(error)}`);
          return null;
        },
      ),
    ]);
    // Vectors of other dimensions than the question's cannot be compared (a model that changed them).
    if (!queryVector || agentVectors.ids.length === 0 || queryVector.length !== agentVectors.vectors.dimensions) return [];
    const { rows, scores } = bestOf(agentVectors.vectors.scores(queryVector), limit);
    if (rows.length === 0) return [];
    const ids = rows.map((row) => agentVectors.ids[row]);
    const passages = await this.passages(ids);
    const ranked: RankedPassage[] = [];
    ids.forEach((id, position) => {
      const passage = passages.get(id);
      // A passage deleted since the vectors were read is left out.
      if (passage) ranked.push({ ...passage, score: scores[position] });
    });
    return ranked;
  }

  private async passages(ids: number[]): Promise<Map<number, Omit<RankedPassage, 'score'>>> {
    const postgres = this.dataSource.driver.options.type === 'postgres';
    const schema = (this.dataSource.driver.options as { schema?: string }).schema ?? 'public';
    const table = (name: string) => (postgres ? `"${schema}"."${name}"` : `"${name}"`);
    const rows: Array<{ id: number | string; document_id: string; document_name: string; page: number | string | null; text: string }> = await this.dataSource.query(
      `SELECT p.id, p.document_id, d.name AS document_name, p.page, p.text
       FROM ${table('knowledge_passages')} p JOIN ${table('knowledge_documents')} d ON d.id = p.document_id
       WHERE p.id IN (${ids.map((_, index) => (postgres ? `$${index + 1}` : '?')).join(', ')}) AND d.status = 'ready'`,
      ids,
    );
    return new Map(
      rows.map((row) => [
        Number(row.id),
        { passageId: Number(row.id), documentId: row.document_id, documentName: row.document_name, page: row.page === null ? null : Number(row.page), text: row.text },
      ]),
    );
  }

  private warn(message: string): void {
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    this.logger.warn(message);
  }
}
