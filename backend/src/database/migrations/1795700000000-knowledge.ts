import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { timestampType } from './column-types';
import { isPostgres, schemaOf } from './sql-names';

/**
 * An agent's knowledge (issue 32): its documents and their passages, with a full-text index on the
 * passages in each database's own engine, as the marketplace's search (AgentSearch1795370001000).
 *
 * - `knowledge_documents` keeps the original bytes (`content`, a blob): every instance sharing the
 *   database can resume a document whose ingestion a killed process left `processing` (the files'
 *   local-disk storage is one machine's), and they go with the row, leaving nothing orphaned.
 *   `claimed_by`/`claimed_at` are the ingestion's claim: a conditional UPDATE takes it, so two
 *   instances never ingest one document; `claimed_at` is refreshed as pages are done.
 * - `knowledge_passages` has an integer key, the rowid SQLite's FTS5 table follows.
 * - SQLite: an external-content FTS5 table over heading and text (unicode61 without diacritics),
 *   kept by triggers; bm25 weighs a heading's word twice a text's; an fts5vocab table over it says
 *   how many passages have each word.
 * - PostgreSQL: a tsvector column kept by a trigger ('spanish', without accents through the
 *   marketplace's nova_unaccent), heading weighted A and text B, with a GIN index.
 */
export class Knowledge1795700000000 implements MigrationInterface {
  name = 'Knowledge1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = timestampType(queryRunner);
    const postgres = isPostgres(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'knowledge_documents',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'agent_id', type: 'varchar', length: '64' },
          { name: 'name', type: 'varchar', length: '255' },
          { name: 'mime_type', type: 'varchar', length: '100' },
          { name: 'size', type: 'integer' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'pages', type: 'integer', default: 0 },
          { name: 'pages_done', type: 'integer', default: 0 },
          { name: 'chunks', type: 'integer', default: 0 },
          { name: 'error', type: 'text', isNullable: true },
          { name: 'content_hash', type: 'varchar', length: '64', isNullable: true },
          { name: 'content', type: postgres ? 'bytea' : 'blob', isNullable: true },
          { name: 'claimed_by', type: 'varchar', length: '64', isNullable: true },
          { name: 'claimed_at', type: timestamp, isNullable: true },
          { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
          { name: 'updated_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          new TableIndex({ name: 'IDX_knowledge_documents_agent_created', columnNames: ['agent_id', 'created_at'] }),
          new TableIndex({ name: 'IDX_knowledge_documents_status', columnNames: ['status'] }),
        ],
        // An agent's documents go with it.
        foreignKeys: [
          { name: 'FK_knowledge_documents_agent', columnNames: ['agent_id'], referencedTableName: 'agents', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'knowledge_passages',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'document_id', type: 'varchar', length: '36' },
          { name: 'agent_id', type: 'varchar', length: '64' },
          { name: 'ordinal', type: 'integer' },
          { name: 'page', type: 'integer', isNullable: true },
          { name: 'heading', type: 'text', isNullable: true },
          { name: 'text', type: 'text' },
        ],
        indices: [
          new TableIndex({ name: 'IDX_knowledge_passages_document', columnNames: ['document_id', 'ordinal'] }),
          new TableIndex({ name: 'IDX_knowledge_passages_agent', columnNames: ['agent_id'] }),
        ],
        // A document's passages go with it (and, through the triggers, out of the full-text index).
        foreignKeys: [
          {
            name: 'FK_knowledge_passages_document',
            columnNames: ['document_id'],
            referencedTableName: 'knowledge_documents',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    if (postgres) await this.upPostgres(queryRunner);
    else await this.upSqlite(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (isPostgres(queryRunner)) {
      const schema = schemaOf(queryRunner);
      await queryRunner.query(`DROP TRIGGER knowledge_passages_search_vector ON ${schema}."knowledge_passages"`);
      await queryRunner.query(`DROP FUNCTION ${schema}.nova_knowledge_passages_search_vector()`);
    } else {
      for (const trigger of ['knowledge_passages_fts_insert', 'knowledge_passages_fts_delete']) await queryRunner.query(`DROP TRIGGER ${trigger}`);
      await queryRunner.query('DROP TABLE knowledge_passages_fts_vocab');
      await queryRunner.query('DROP TABLE knowledge_passages_fts');
    }
    await queryRunner.dropTable('knowledge_passages');
    await queryRunner.dropTable('knowledge_documents');
  }

  private async upSqlite(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE VIRTUAL TABLE knowledge_passages_fts USING fts5(heading, text, content='knowledge_passages', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`,
    );
    await queryRunner.query(`INSERT INTO knowledge_passages_fts(knowledge_passages_fts, rank) VALUES ('rank', 'bm25(2.0, 1.0)')`);
    // How many passages have each word: a search leaves out a question's commonest words (see FullTextRanking).
    await queryRunner.query(`CREATE VIRTUAL TABLE knowledge_passages_fts_vocab USING fts5vocab(knowledge_passages_fts, 'row')`);
    // Passages are written and deleted, never changed: no update trigger.
    await queryRunner.query(`CREATE TRIGGER knowledge_passages_fts_insert AFTER INSERT ON knowledge_passages BEGIN
      INSERT INTO knowledge_passages_fts(rowid, heading, text) VALUES (new.id, coalesce(new.heading, ''), new.text);
    END`);
    await queryRunner.query(`CREATE TRIGGER knowledge_passages_fts_delete AFTER DELETE ON knowledge_passages BEGIN
      INSERT INTO knowledge_passages_fts(knowledge_passages_fts, rowid, heading, text) VALUES ('delete', old.id, coalesce(old.heading, ''), old.text);
    END`);
  }

  private async upPostgres(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    await queryRunner.query(`ALTER TABLE ${schema}."knowledge_passages" ADD COLUMN "search_vector" tsvector`);
    await queryRunner.query(
      `CREATE FUNCTION ${schema}.nova_knowledge_passages_search_vector() RETURNS trigger LANGUAGE plpgsql
       AS $$ BEGIN
         NEW.search_vector := setweight(to_tsvector('spanish'::regconfig, ${schema}.nova_unaccent(coalesce(NEW.heading, ''))), 'A') ||
                              setweight(to_tsvector('spanish'::regconfig, ${schema}.nova_unaccent(coalesce(NEW.text, ''))), 'B');
         RETURN NEW;
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER knowledge_passages_search_vector BEFORE INSERT ON ${schema}."knowledge_passages"
       FOR EACH ROW EXECUTE FUNCTION ${schema}.nova_knowledge_passages_search_vector()`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_knowledge_passages_search" ON ${schema}."knowledge_passages" USING GIN ("search_vector")`);
  }
}
