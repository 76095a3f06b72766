import pg from 'pg';

/** Runs `work` with a client connected to `url`, and closes it whatever happens. */
export async function withPostgres(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The databases a bench measures: `only` (a list, e.g. 'sqlite,postgres') or SQLite, plus PostgreSQL
 * when BENCH_DATABASE_URL or TEST_DATABASE_URL names one.
 */
export function benchDatabases(only) {
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const databases = (only ?? (postgresUrl ? 'sqlite,postgres' : 'sqlite')).split(',');
  if (databases.includes('postgres') && !postgresUrl) throw new Error('PostgreSQL necesita BENCH_DATABASE_URL o TEST_DATABASE_URL');
  return { databases, postgresUrl };
}
