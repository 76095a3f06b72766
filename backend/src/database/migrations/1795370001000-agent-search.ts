import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';
import { isPostgres, qualifiedName, schemaOf } from './sql-names';

/**
 * The marketplace at scale (issue 18): full-text search on the agents' name and description with
 * each database's own engine, and indexes for the category filter with each sort.
 *
 * - SQLite: an FTS5 table over `agents` (external content: it stores only the index, the text
 *   stays in `agents`), tokenised with unicode61 removing diacritics, so that 'tecnologia' finds
 *   'Tecnología'; triggers keep it in step with every insert, update and delete. The name weighs
 *   more than the description in the ranking. It follows the agents' rowid, which VACUUM may
 *   renumber (agents has no INTEGER PRIMARY KEY): after a VACUUM, or a migration that rebuilds the
 *   agents table, run `INSERT INTO agents_fts(agents_fts) VALUES('rebuild')`.
 * - PostgreSQL: a tsvector column kept by a trigger (the 'spanish' configuration, without accents
 *   through the unaccent extension wrapped in an IMMUTABLE function), the name weighted A and the
 *   description B, with a GIN index.
 */
const CATEGORY_INDEXES = [
  { name: 'IDX_agents_public_category_popularity', columnNames: ['is_public', 'category', 'popularity', 'created_at', 'id', 'price', 'moderation_status'] },
  { name: 'IDX_agents_public_category_rating', columnNames: ['is_public', 'category', 'rating', 'popularity', 'created_at', 'id', 'price', 'moderation_status'] },
];

/**
 * The price sorts in their exact order (price, then popularity and created_at descending, id
 * ascending): with (is_public, price) alone, the many agents of one price (every free one) were
 * read and sorted to return one page. The moderation status is in every new index so that a
 * capped count is read from the index alone.
 */
const PRICE_INDEXES = [
  { name: 'IDX_agents_public_price_low', columns: '"is_public", "price", "popularity" DESC, "created_at" DESC, "id", "moderation_status"' },
  { name: 'IDX_agents_public_price_high', columns: '"is_public", "price" DESC, "popularity" DESC, "created_at" DESC, "id", "moderation_status"' },
];

export class AgentSearch1795370001000 implements MigrationInterface {
  name = 'AgentSearch1795370001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const index of CATEGORY_INDEXES) await queryRunner.createIndex('agents', new TableIndex(index));
    for (const index of PRICE_INDEXES) await queryRunner.query(`CREATE INDEX "${index.name}" ON ${qualifiedName(queryRunner, 'agents')} (${index.columns})`);
    if (isPostgres(queryRunner)) await this.upPostgres(queryRunner);
    else await this.upSqlite(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (isPostgres(queryRunner)) {
      const schema = schemaOf(queryRunner);
      await queryRunner.query(`DROP INDEX ${schema}."IDX_agents_search"`);
      await queryRunner.query(`DROP TRIGGER agents_search_vector ON ${schema}."agents"`);
      await queryRunner.query(`ALTER TABLE ${schema}."agents" DROP COLUMN "search_vector"`);
      await queryRunner.query(`DROP FUNCTION ${schema}.nova_agents_search_vector()`);
      await queryRunner.query(`DROP FUNCTION ${schema}.nova_agent_search_vector(text, text)`);
      await queryRunner.query(`DROP FUNCTION ${schema}.nova_unaccent(text)`);
    } else {
      for (const trigger of ['agents_fts_insert', 'agents_fts_delete', 'agents_fts_update']) await queryRunner.query(`DROP TRIGGER ${trigger}`);
      await queryRunner.query('DROP TABLE agents_fts');
    }
    for (const index of PRICE_INDEXES) await queryRunner.query(`DROP INDEX ${qualifiedName(queryRunner, index.name)}`);
    for (const index of [...CATEGORY_INDEXES].reverse()) await queryRunner.dropIndex('agents', index.name);
  }

  private async upSqlite(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE VIRTUAL TABLE agents_fts USING fts5(name, description, content='agents', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`,
    );
    // bm25 weights: a word in the name counts five times one in the description.
    await queryRunner.query(`INSERT INTO agents_fts(agents_fts, rank) VALUES ('rank', 'bm25(5.0, 1.0)')`);
    await queryRunner.query(`CREATE TRIGGER agents_fts_insert AFTER INSERT ON agents BEGIN
      INSERT INTO agents_fts(rowid, name, description) VALUES (new.rowid, new.name, new.description);
    END`);
    await queryRunner.query(`CREATE TRIGGER agents_fts_delete AFTER DELETE ON agents BEGIN
      INSERT INTO agents_fts(agents_fts, rowid, name, description) VALUES ('delete', old.rowid, old.name, old.description);
    END`);
    await queryRunner.query(`CREATE TRIGGER agents_fts_update AFTER UPDATE OF name, description ON agents BEGIN
      INSERT INTO agents_fts(agents_fts, rowid, name, description) VALUES ('delete', old.rowid, old.name, old.description);
      INSERT INTO agents_fts(rowid, name, description) VALUES (new.rowid, new.name, new.description);
    END`);
    await queryRunner.query(`INSERT INTO agents_fts(agents_fts) VALUES ('rebuild')`);
  }

  private async upPostgres(queryRunner: QueryRunner): Promise<void> {
    const schema = schemaOf(queryRunner);
    // One extension per database, in public (a schema dropped with CASCADE must not take it along);
    // the lock keeps two installs migrating at once from both creating it.
    await queryRunner.query(`SELECT pg_advisory_xact_lock(hashtext('nova:create-extension-unaccent'))`);
    await queryRunner.query('CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public');
    // unaccent(text) is STABLE (it reads the search_path); naming the dictionary makes the result fixed.
    await queryRunner.query(
      `CREATE FUNCTION ${schema}.nova_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
       AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$`,
    );
    await queryRunner.query(
      `CREATE FUNCTION ${schema}.nova_agent_search_vector(name text, description text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
       AS $$ SELECT setweight(to_tsvector('spanish'::regconfig, ${schema}.nova_unaccent(coalesce(name, ''))), 'A') ||
                    setweight(to_tsvector('spanish'::regconfig, ${schema}.nova_unaccent(coalesce(description, ''))), 'B') $$`,
    );
    // A plain column kept by a trigger rather than a generated one: TypeORM reads a generated
    // column's expression from its own metadata table, which these migrations never create, so
    // a later migration altering agents would fail to read the table.
    await queryRunner.query(`ALTER TABLE ${schema}."agents" ADD COLUMN "search_vector" tsvector`);
    await queryRunner.query(
      `CREATE FUNCTION ${schema}.nova_agents_search_vector() RETURNS trigger LANGUAGE plpgsql
       AS $$ BEGIN NEW.search_vector := ${schema}.nova_agent_search_vector(NEW.name, NEW.description); RETURN NEW; END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER agents_search_vector BEFORE INSERT OR UPDATE OF name, description ON ${schema}."agents"
       FOR EACH ROW EXECUTE FUNCTION ${schema}.nova_agents_search_vector()`,
    );
    await queryRunner.query(`UPDATE ${schema}."agents" SET search_vector = ${schema}.nova_agent_search_vector(name, description)`);
    await queryRunner.query(`CREATE INDEX "IDX_agents_search" ON ${schema}."agents" USING GIN ("search_vector")`);
  }
}
