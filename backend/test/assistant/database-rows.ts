import { DataSource } from 'typeorm';
import type { TestApp } from '../support/test-app';

/** Rows in every table of the test database, by table name. */
export async function rowCounts(testApp: TestApp): Promise<Record<string, number>> {
  const dataSource = testApp.app.get(DataSource);
  const { database } = testApp.config;
  const tables: string[] =
    database.type === 'postgres'
      ? (
          await dataSource.query('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1', [
            database.schema,
          ])
        ).map((row: { name: string }) => row.name)
      : (await dataSource.query("SELECT name FROM sqlite_master WHERE type = 'table'")).map((row: { name: string }) => row.name);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const qualified = database.type === 'postgres' ? `"${database.schema}"."${table}"` : `"${table}"`;
    const [row] = await dataSource.query(`SELECT COUNT(*) AS count FROM ${qualified}`);
    counts[table] = Number(row.count);
  }
  return counts;
}
