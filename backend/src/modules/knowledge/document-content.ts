import type { DataSource, EntityManager } from 'typeorm';

/**
 * The original bytes of a knowledge document, in `knowledge_documents.content` (bytea on
 * PostgreSQL, blob on SQLite; see migration 1795700000000-knowledge). Kept in the database rather
 * than the files' storage so that every instance sharing the database can resume an ingestion a
 * killed process left half done, and so that they go with the row.
 */
function table(source: DataSource | EntityManager): { name: string; postgres: boolean } {
  const options = ('connection' in source ? source.connection : source).driver.options as { type: string; schema?: string };
  const postgres = options.type === 'postgres';
  return { name: postgres ? `"${options.schema ?? 'public'}"."knowledge_documents"` : '"knowledge_documents"', postgres };
}

export async function writeDocumentContent(manager: EntityManager, documentId: string, bytes: Buffer): Promise<void> {
  const { name, postgres } = table(manager);
  await manager.query(postgres ? `UPDATE ${name} SET content = $1 WHERE id = $2` : `UPDATE ${name} SET content = ? WHERE id = ?`, [bytes, documentId]);
}

export async function readDocumentContent(source: DataSource | EntityManager, documentId: string): Promise<Buffer | null> {
  const { name, postgres } = table(source);
  const rows: Array<{ content: Buffer | Uint8Array | null }> = await source.query(
    postgres ? `SELECT content FROM ${name} WHERE id = $1` : `SELECT content FROM ${name} WHERE id = ?`,
    [documentId],
  );
  const content = rows[0]?.content ?? null;
  return content === null ? null : Buffer.from(content);
}
