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
