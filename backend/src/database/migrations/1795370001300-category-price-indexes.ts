import { MigrationInterface, QueryRunner } from 'typeorm';
import { qualifiedName } from './sql-names';

/**
 * A category sorted by price (the marketplace's price-low and price-high with a category chosen)
 * in the order of an index of its own: through the price indexes it read the agents of every
 * category in price order and each one's row for its category, 1.2–1.8 ms a page at 100,000
 * agents. The columns follow the price sorts exactly (price, then popularity and created_at
 * descending, id ascending), and the moderation status is included, as in the price indexes.
 */
const CATEGORY_PRICE_INDEXES = [
  {
    name: 'IDX_agents_public_category_price_low',
    columns: '"is_public", "category", "price", "popularity" DESC, "created_at" DESC, "id", "moderation_status"',
  },
  {
    name: 'IDX_agents_public_category_price_high',
    columns: '"is_public", "category", "price" DESC, "popularity" DESC, "created_at" DESC, "id", "moderation_status"',
  },
];

export class CategoryPriceIndexes1795370001300 implements MigrationInterface {
  name = 'CategoryPriceIndexes1795370001300';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const index of CATEGORY_PRICE_INDEXES) {
      await queryRunner.query(`CREATE INDEX "${index.name}" ON ${qualifiedName(queryRunner, 'agents')} (${index.columns})`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of CATEGORY_PRICE_INDEXES) await queryRunner.query(`DROP INDEX ${qualifiedName(queryRunner, index.name)}`);
  }
}
