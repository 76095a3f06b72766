import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * The marketplace lists public rows ordered by popularity (or rating), then created_at and id, and
 * filtered by price. An index on (is_public, popularity) alone left the database sorting every
 * public row to return one page; with the tie-breakers and the price in the index, a page is read
 * in order and the price is checked without touching the rows. Same names, wider columns.
 */
const WIDENED = [
  { table: 'agents', name: 'IDX_agents_public_popularity', old: ['is_public', 'popularity'], columns: ['is_public', 'popularity', 'created_at', 'id', 'price'] },
  { table: 'agents', name: 'IDX_agents_public_rating', old: ['is_public', 'rating'], columns: ['is_public', 'rating', 'popularity', 'created_at', 'id', 'price'] },
  { table: 'ecosystems', name: 'IDX_ecosystems_public_popularity', old: ['is_public', 'popularity'], columns: ['is_public', 'popularity', 'created_at', 'id', 'price'] },
];

export class WidenMarketplaceIndexes1795321400001 implements MigrationInterface {
  name = 'WidenMarketplaceIndexes1795321400001';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const index of WIDENED) {
      await queryRunner.dropIndex(index.table, index.name);
      await queryRunner.createIndex(index.table, new TableIndex({ name: index.name, columnNames: index.columns }));
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of WIDENED) {
      await queryRunner.dropIndex(index.table, index.name);
      await queryRunner.createIndex(index.table, new TableIndex({ name: index.name, columnNames: index.old }));
    }
  }
}
