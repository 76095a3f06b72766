import { DataSource } from 'typeorm';
import type { TestApp } from '../support/test-app';

export interface RowNaming {
  table: string;
  /** The row as JSON, to read what it holds. */
  text: string;
}

/** Every table of the app's database (its schema on PostgreSQL), as the engine lists them, named for a query; SQLite's own bookkeeping left out. */
async function everyTable(dataSource: DataSource): Promise<Array<{ name: string; sql: string }>> {
  if (dataSource.options.type === 'postgres') {
    const schema = dataSource.options.schema ?? 'public';
    const rows = await dataSource.query<{ table_name: string }[]>(`SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY table_name`, [schema]);
    return rows.map((row) => ({ name: row.table_name, sql: `"${schema}"."${row.table_name}"` }));
  }
  const rows = await dataSource.query<{ name: string }[]>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`);
  return rows.map((row) => ({ name: row.name, sql: `"${row.name}"` }));
}

/** Every row, in every table, that holds any of the texts (an id, an e-mail), in any letter case. */
export async function everyRowNaming(testApp: TestApp, texts: string[]): Promise<RowNaming[]> {
  const dataSource = testApp.app.get(DataSource);
  const wanted = texts.map((text) => text.toLowerCase());
  const found: RowNaming[] = [];
  for (const table of await everyTable(dataSource)) {
    const rows = await dataSource.query<Record<string, unknown>[]>(`SELECT * FROM ${table.sql}`);
    for (const row of rows) {
      const text = JSON.stringify(row);
      if (wanted.some((needle) => text.toLowerCase().includes(needle))) found.push({ table: table.name, text });
    }
  }
  return found;
}
