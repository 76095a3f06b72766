import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { containsPattern } from './marketplace-query.dto';

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

/** How a search narrows an agents query (see applyAgentSearch). */
export type SearchForm = 'ranked' | 'filter';

/**
 * Narrows an agents query (on `alias`) to those whose name or description match `search`, with
 * the database's full-text engine (see migration 1795370001000-agent-search); a search of only
 * punctuation ('%', '¿?') has no words for the engine and is matched literally as before.
 *
 * 'ranked' orders the matches best first (the caller adds its sort as tie-breakers): on SQLite it
 * joins the index and sorts every match, which is quick for the few hundred matches of a specific
 * search but not for a word most agents have. 'filter' only narrows, so the sort's own index order
 * serves the page (on SQLite the matches become a set the sort index is checked against). The
 * service ranks when the matches are counted exactly (at most TOTAL_COUNT_CAP): a word matching
 * more than a thousand agents says little about which fits best, and those are listed in the
 * chosen sort. Returns whether the query is ordered by relevance.
 */
export function applyAgentSearch<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  alias: string,
  search: string,
  form: SearchForm,
): boolean {
  const words = searchWords(search);
  if (words.length === 0) {
    query.andWhere(
      `(LOWER(${alias}.name) LIKE :searchPattern ESCAPE '\\' OR LOWER(${alias}.description) LIKE :searchPattern ESCAPE '\\')`,
      { searchPattern: containsPattern(search) },
    );
    return false;
  }
  const ranked = form === 'ranked';
  if (isPostgres(query)) {
    query.andWhere(`${alias}.search_vector @@ to_tsquery('spanish', :searchQuery)`, { searchQuery: tsQuery(words) });
    if (ranked) query.orderBy(`ts_rank(${alias}.search_vector, to_tsquery('spanish', :searchQuery))`, 'DESC');
  } else if (ranked) {
    // The unary + keeps the join from being a rowid lookup into the full-text index: offered one,
    // SQLite read the agents from the price index and ran the MATCH once per agent (4 to 7 s for
    // a count at 100,000 agents), where reading the matches and then each agent by rowid takes ms.
    query.innerJoin('agents_fts', 'agents_fts', `+agents_fts.rowid = ${alias}.rowid`);
    query.andWhere('agents_fts MATCH :searchQuery', { searchQuery: fts5Query(words) });
    // FTS5's rank is bm25 with the weights set in the migration: lower is better.
    query.orderBy('agents_fts.rank', 'ASC');
  } else {
    query.andWhere(`${alias}.rowid IN (SELECT rowid FROM agents_fts WHERE agents_fts MATCH :searchQuery)`, { searchQuery: fts5Query(words) });
  }
  return ranked;
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
