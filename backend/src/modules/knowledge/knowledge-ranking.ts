import type { DataSource } from 'typeorm';

/** A passage as a ranking returns it: what a search item shows, and the score it was ranked by. */
export interface RankedPassage {
  passageId: number;
  documentId: string;
  documentName: string;
  page: number | null;
  text: string;
  /** Higher is better; only comparable within one ranking. */
  score: number;
}

/**
 * One way of ranking an agent's passages for a query. Full text is always there; a vector ranking
 * (embeddings) is another implementation, and the two lists are fused with fuseRankings.
 */
export interface PassageRanking {
  rank(agentId: string, query: string, limit: number): Promise<RankedPassage[]>;
}

/** Reciprocal rank fusion's constant (Cormack et al.): damps the weight of the very first places. */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion of several rankings of the same passages: each passage scores the sum of
 * 1 / (RRF_K + its place) over the rankings that have it. With one ranking, its order and scores
 * are kept as they are (a full-text score says more to a builder than 1/61).
 */
export function fuseRankings(rankings: readonly RankedPassage[][], limit: number): RankedPassage[] {
  const nonEmpty = rankings.filter((ranking) => ranking.length > 0);
  if (nonEmpty.length <= 1) return (nonEmpty[0] ?? []).slice(0, limit);
  const fused = new Map<number, RankedPassage>();
  for (const ranking of nonEmpty) {
    ranking.forEach((passage, index) => {
      const score = 1 / (RRF_K + index + 1);
      const seen = fused.get(passage.passageId);
      if (seen) seen.score += score;
      else fused.set(passage.passageId, { ...passage, score });
    });
  }
  return [...fused.values()].sort((a, b) => b.score - a.score || a.passageId - b.passageId).slice(0, limit);
}

/** Common Spanish (and a few English) words that say nothing about which passage answers. */
const STOPWORDS = new Set(
  (
    'a al algo algun alguna algunas alguno algunos ante antes como con contra cual cuales cuando de del desde donde dos el ella ellas ellos en entre era eres es esa esas ese eso esos esta estan estas este esto estos fue ha hay la las le les lo los mas me mi mis muy nada ni no nos o os para pero poco por porque que quien se sea ser si sin sobre son su sus tambien te tiene tienen tu tus un una unas uno unos y ya yo ' +
    'the of and or to in is are what which how'
  ).split(' '),
);

/** A question's words for the full-text engines: lower-case, without accents, no common words, at most 24. */
export function queryWords(query: string): string[] {
  const folded = query.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const words = (folded.match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => !STOPWORDS.has(word));
  return [...new Set(words)].slice(0, 24);
}

interface PassageRow {
  id: number | string;
  document_id: string;
  document_name: string;
  page: number | string | null;
  text: string;
  score: number | string;
}

/**
 * About how many matching passages a search ranks: FTS5 (and ts_rank) score every passage that has
 * any of the words, so a question with a word most passages have ('contrato' in a book of
 * contracts) would score nearly all of them (200 ms and more at 100,000 passages).
 */
export const MATCH_BUDGET = 2_000;

/** Which words a search looks for, and whether a passage needs all of them or any. */
export interface WordChoice {
  words: string[];
  /** Every word in the passage (AND) rather than any (OR). */
  requireAll: boolean;
}

/**
 * The words worth searching, given how many passages have each: the rarest first, while together
 * they match at most `budget` passages (any of them, OR). A word dropped is in so many passages that
 * it would barely move the ranking (bm25's IDF), and none matches nothing. When even the rarest is
 * in more than `budget` passages (a question of only common words), the passages must have all the
 * question's words (AND): fewer, and the ones that answer it.
 */
export function selectiveWords(frequencies: ReadonlyArray<{ word: string; passages: number }>, budget = MATCH_BUDGET): WordChoice {
  const sorted = frequencies.filter((entry) => entry.passages > 0).sort((a, b) => a.passages - b.passages || a.word.localeCompare(b.word));
  if (sorted.length > 1 && sorted[0]!.passages > budget) return { words: sorted.map((entry) => entry.word), requireAll: true };
  const chosen: string[] = [];
  let matches = 0;
  for (const { word, passages } of sorted) {
    if (chosen.length > 0 && matches + passages > budget) break;
    chosen.push(word);
    matches += passages;
  }
  return { words: chosen, requireAll: false };
}

/** The rarest word alone (OR of one), for when a question's words are never all in one passage. */
const rarestOnly = (choice: WordChoice): WordChoice => ({ words: choice.words.slice(0, 1), requireAll: false });

/**
 * The database's own full-text engine (see migration 1795700000000-knowledge): FTS5's bm25 on
 * SQLite, ts_rank over the 'spanish' tsvector on PostgreSQL. A question's words are alternatives
 * (OR): a passage need not have every word of a question to answer it, and the ranking puts those
 * with more and rarer ones first. A question of only common words asks for passages with all of
 * them, then fills up with those of its rarest word.
 */
export class FullTextRanking implements PassageRanking {
  constructor(private readonly dataSource: DataSource) {}

  async rank(agentId: string, query: string, limit: number): Promise<RankedPassage[]> {
    const words = queryWords(query);
    if (words.length === 0) return [];
    const engine = this.dataSource.driver.options.type === 'postgres' ? this.postgres() : this.sqlite();
    const choice = await engine.choose(words);
    if (choice.words.length === 0) return [];
    let rows = await engine.search(agentId, choice, choice.words, limit);
    if (choice.requireAll && rows.length < limit) {
      const found = new Set(rows.map((row) => Number(row.id)));
      const more = (await engine.search(agentId, rarestOnly(choice), choice.words, limit)).filter((row) => !found.has(Number(row.id)));
      rows = [...rows, ...more].sort((a, b) => Number(b.score) - Number(a.score) || Number(a.id) - Number(b.id)).slice(0, limit);
    }
    return rows.map((row) => ({
      passageId: Number(row.id),
      documentId: row.document_id,
      documentName: row.document_name,
      page: row.page === null ? null : Number(row.page),
      text: row.text,
      score: Number(row.score),
    }));
  }

  private postgres(): FullTextEngine {
    const schema = (this.dataSource.driver.options as { schema?: string }).schema ?? 'public';
    return {
      choose: async (words) => {
        // The question's lexemes ('spanish' stems, as the passages' vectors have them) with an
        // estimate of how many passages have each, from the statistics ANALYZE keeps of the vector
        // column (its most common elements). A lexeme not among them is taken as rare; the search's
        // cap on the passages it ranks bounds the work if it is not.
        const lexemes: Array<{ lexeme: string; passages: number | string | null }> = await this.dataSource.query(
          `SELECT l.lexeme, s.freq * (SELECT GREATEST(c.reltuples, 0) FROM pg_class c WHERE c.oid = to_regclass($3)) AS passages
           FROM unnest(tsvector_to_array(to_tsvector('spanish', $1))) AS l(lexeme)
           LEFT JOIN (
             SELECT unnest(most_common_elems::text::text[]) AS elem, unnest(most_common_elem_freqs) AS freq
             FROM pg_stats WHERE schemaname = $2 AND tablename = 'knowledge_passages' AND attname = 'search_vector'
           ) s ON s.elem = l.lexeme`,
          [words.join(' '), schema, `"${schema}"."knowledge_passages"`],
        );
        return selectiveWords(lexemes.map((row) => ({ word: row.lexeme, passages: row.passages === null ? 1 : Math.max(1, Number(row.passages)) })));
      },
      // At most MATCH_BUDGET matching passages are ranked, whatever the estimates said (a rare-looking
      // word may be in thousands), ranked by all the chosen words whichever the filter. With a LIMIT
      // the planner would rather scan the table for the first matches, reading every passage's
      // vector (ten times slower than the GIN index at 100,000 passages): the index is the way here.
      // Lexemes are already stemmed: the 'simple' configuration takes them as they are.
      search: (agentId, filter, rankWords, limit) =>
        this.dataSource.transaction(async (manager) => {
          await manager.query('SET LOCAL enable_seqscan = off');
          return manager.query(
            `SELECT c.id, c.document_id, d.name AS document_name, c.page, c.text, ts_rank(c.search_vector, to_tsquery('simple', $2)) AS score
             FROM (
               SELECT p.id, p.document_id, p.page, p.text, p.search_vector
               FROM "${schema}"."knowledge_passages" p
               WHERE p.agent_id = $3 AND p.search_vector @@ to_tsquery('simple', $1)
               LIMIT $5
             ) c
             JOIN "${schema}"."knowledge_documents" d ON d.id = c.document_id
             ORDER BY score DESC, c.id ASC
             LIMIT $4`,
            [tsquery(filter.words, filter.requireAll ? ' & ' : ' | '), tsquery(rankWords, ' | '), agentId, limit, MATCH_BUDGET],
          );
        }),
    };
  }

  private sqlite(): FullTextEngine {
    return {
      // The word counts are the whole index's, not this agent's: a cheap lookup, close enough to
      // tell a common word from a rare one.
      choose: async (words) => {
        const counts: Array<{ term: string; doc: number }> = await this.dataSource.query(
          `SELECT term, doc FROM knowledge_passages_fts_vocab WHERE term IN (${words.map(() => '?').join(', ')})`,
          words,
        );
        return selectiveWords(counts.map((count) => ({ word: count.term, passages: Number(count.doc) })));
      },
      // bm25 ranks by the words matched, computed for at most MATCH_BUDGET of the agent's matching
      // passages (without ORDER BY, FTS5 yields them in rowid order and ranks only those read), as
      // on PostgreSQL: a question of common words would otherwise rank tens of thousands.
      search: (agentId, filter, _rankWords, limit) =>
        this.dataSource.query(
          `SELECT c.id, c.document_id, d.name AS document_name, c.page, c.text, -c.rank AS score
           FROM (
             SELECT p.id, p.document_id, p.page, p.text, f.rank
             FROM knowledge_passages_fts f
             JOIN knowledge_passages p ON p.id = f.rowid
             WHERE knowledge_passages_fts MATCH ? AND p.agent_id = ?
             LIMIT ?
           ) c
           JOIN knowledge_documents d ON d.id = c.document_id
           ORDER BY c.rank ASC, c.id ASC
           LIMIT ?`,
          [filter.words.map((word) => `"${word}"`).join(filter.requireAll ? ' AND ' : ' OR '), agentId, MATCH_BUDGET, limit],
        ),
    };
  }
}

/** One database's way of choosing a question's words and searching the agent's passages for them. */
interface FullTextEngine {
  choose(words: string[]): Promise<WordChoice>;
  search(agentId: string, filter: WordChoice, rankWords: string[], limit: number): Promise<PassageRow[]>;
}

const tsquery = (lexemes: string[], operator: string) => lexemes.map((lexeme) => `'${lexeme}'`).join(operator);
