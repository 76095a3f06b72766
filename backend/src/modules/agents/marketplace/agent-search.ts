import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { containsPattern, type AgentSort } from './marketplace-query.dto';

/** Counting stops here: a listing says 'más de 1.000' rather than scanning every match. */
export const TOTAL_COUNT_CAP = 1_000;

/** The words of a search, lower-cased and without accents: letters and digits only, at most 16. */
export function searchWords(search: string): string[] {
  const folded = search.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return (folded.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 16);
}

/**
 * FTS5's query syntax for the words: each one quoted (so that AND, OR, NEAR, '*', '^' or ':'
 * typed by a user are plain text), all of them required, the last one as a prefix ('fisc' finds
 * 'Fiscal' while the user types).
 */
export function fts5Query(words: readonly string[]): string {
  return words.map((word, index) => `"${word}"${index === words.length - 1 ? '*' : ''}`).join(' ');
}

/** PostgreSQL's tsquery syntax for the same: quoted lexemes joined by &, the last one a prefix. */
export function tsQuery(words: readonly string[]): string {
  return words.map((word, index) => `'${word}'${index === words.length - 1 ? ':*' : ''}`).join(' & ');
}

function isPostgres<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): boolean {
  return query.connection.driver.options.type === 'postgres';
}

/**
 * Narrows an agents query (on `alias`) to those whose name or description match `search`, with
 * the database's full-text engine (see migration 1795370001000-agent-search). With the default
 * sort (popularity) the best matches come first, popularity breaking ties; a search of only
 * punctuation ('%', '¿?') has no words for the engine and is matched literally as before.
 * Returns whether the results are ordered by relevance (the caller then adds only tie-breakers).
 */
export function applyAgentSearch<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  alias: string,
  search: string,
  sortBy: AgentSort,
): boolean {
  const words = searchWords(search);
  if (words.length === 0) {
    query.andWhere(
      `(LOWER(${alias}.name) LIKE :searchPattern ESCAPE '\\' OR LOWER(${alias}.description) LIKE :searchPattern ESCAPE '\\')`,
      { searchPattern: containsPattern(search) },
    );
    return false;
  }
  const byRelevance = sortBy === 'popularity';
  if (isPostgres(query)) {
    query.andWhere(`${alias}.search_vector @@ to_tsquery('spanish', :searchQuery)`, { searchQuery: tsQuery(words) });
    if (byRelevance) query.orderBy(`ts_rank(${alias}.search_vector, to_tsquery('spanish', :searchQuery))`, 'DESC');
  } else {
    query.innerJoin('agents_fts', 'agents_fts', `agents_fts.rowid = ${alias}.rowid`);
    query.andWhere('agents_fts MATCH :searchQuery', { searchQuery: fts5Query(words) });
    // FTS5's rank is bm25 with the weights set in the migration: lower is better.
    if (byRelevance) query.orderBy('agents_fts.rank', 'ASC');
  }
  return byRelevance;
}

export interface CappedTotal {
  total: number;
  totalIsExact: boolean;
}

/**
 * The number of rows `query` would return, counted up to TOTAL_COUNT_CAP + 1 and no further.
 * With `cache`, the same count (same SQL and parameters) is asked of the database once per its
 * lifetime, whichever page is read.
 */
export async function cappedCount<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  cache?: (key: string, load: () => Promise<CappedTotal>) => Promise<CappedTotal>,
): Promise<CappedTotal> {
  const [sql, parameters] = query.clone().select('1', 'one').orderBy().offset(undefined).limit(TOTAL_COUNT_CAP + 1).skip(undefined).take(undefined).getQueryAndParameters();
  const countSql = `SELECT COUNT(*) AS count FROM (${sql}) capped`;
  const load = async (): Promise<CappedTotal> => {
    const rows: Array<{ count: number | string }> = await query.connection.query(countSql, parameters);
    const count = Number(rows[0]?.count ?? 0);
    return count > TOTAL_COUNT_CAP ? { total: TOTAL_COUNT_CAP, totalIsExact: false } : { total: count, totalIsExact: true };
  };
  return cache ? cache(`${countSql}\u0000${JSON.stringify(parameters)}`, load) : load();
}
