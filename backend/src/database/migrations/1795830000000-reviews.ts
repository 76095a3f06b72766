import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { timestampType } from './column-types';
import { qualifiedName } from './sql-names';

/**
 * Issue 34: reviews by real users, popularity from real use, reports.
 *
 * - `agent_reviews`: one review per user and agent (1–5 stars, an optional comment, the creator's
 *   reply), hidden by an admin or while its author's account is disabled.
 * - `agent_reports`: a user's report of an agent or a review, once each, and its resolution.
 * - `agent_usage`: who used an agent (a user's chat turn, an API key's call) and when last, the
 *   source of its popularity's 30-day window.
 * - `agents`: `rating_count` and `rating_score` (the Bayesian weighted mean the rating sort reads);
 *   the ratings and popularities set by hand until now are reset, so that every number shown comes
 *   from reviews and use. The rating sort's indexes follow the score instead of the plain mean.
 *   Plain ALTER TABLE, as in AgentChatSettings: addColumn rebuilds the table on SQLite and would
 *   drop the agents' search triggers and price indexes.
 * - `messages`: an index on created_at, so that the agents' chat turns since the last look are
 *   read without scanning every message.
 */
const PRIOR_MEAN = 3;

const RATING_INDEXES = [
  { name: 'IDX_agents_public_rating', old: ['is_public', 'rating', 'popularity', 'created_at', 'id', 'price'], columns: ['is_public', 'rating_score', 'popularity', 'created_at', 'id', 'price'] },
  {
    name: 'IDX_agents_public_category_rating',
    old: ['is_public', 'category', 'rating', 'popularity', 'created_at', 'id', 'price', 'moderation_status'],
    columns: ['is_public', 'category', 'rating_score', 'popularity', 'created_at', 'id', 'price', 'moderation_status'],
  },
];

export class Reviews1795830000000 implements MigrationInterface {
  name = 'Reviews1795830000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const time = timestampType(queryRunner);
    const agents = qualifiedName(queryRunner, 'agents');
    const toAgent = { columnNames: ['agent_id'], referencedTableName: 'agents', referencedColumnNames: ['id'], onDelete: 'CASCADE' };
    await queryRunner.createTable(
      new Table({
        name: 'agent_reviews',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'agent_id', type: 'varchar', length: '64' },
          { name: 'author_sub', type: 'varchar', length: '64' },
          { name: 'author_handle', type: 'varchar', length: '128' },
          { name: 'rating', type: 'integer' },
          { name: 'comment', type: 'text', isNullable: true },
          { name: 'hidden', type: 'boolean', default: false },
          { name: 'author_enabled', type: 'boolean', default: true },
          { name: 'reply_text', type: 'text', isNullable: true },
          { name: 'reply_created_at', type: time, isNullable: true },
          { name: 'reply_updated_at', type: time, isNullable: true },
          { name: 'created_at', type: time },
          { name: 'updated_at', type: time },
        ],
        uniques: [{ name: 'UQ_agent_reviews_agent_author', columnNames: ['agent_id', 'author_sub'] }],
        indices: [
          new TableIndex({ name: 'IDX_agent_reviews_agent_listed', columnNames: ['agent_id', 'hidden', 'author_enabled', 'updated_at'] }),
          new TableIndex({ name: 'IDX_agent_reviews_author', columnNames: ['author_sub'] }),
        ],
        foreignKeys: [toAgent],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'agent_reports',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'target_type', type: 'varchar', length: '16' },
          { name: 'target_id', type: 'varchar', length: '64' },
          { name: 'agent_id', type: 'varchar', length: '64' },
          { name: 'reporter_sub', type: 'varchar', length: '64' },
          { name: 'reporter_handle', type: 'varchar', length: '128' },
          { name: 'reason', type: 'varchar', length: '32' },
          { name: 'details', type: 'text', isNullable: true },
          { name: 'status', type: 'varchar', length: '16', default: "'open'" },
          { name: 'action', type: 'varchar', length: '16', isNullable: true },
          { name: 'note', type: 'text', isNullable: true },
          { name: 'resolved_by', type: 'varchar', length: '64', isNullable: true },
          { name: 'resolved_at', type: time, isNullable: true },
          { name: 'created_at', type: time },
        ],
        uniques: [{ name: 'UQ_agent_reports_once', columnNames: ['reporter_sub', 'target_type', 'target_id'] }],
        indices: [
          new TableIndex({ name: 'IDX_agent_reports_status', columnNames: ['status', 'created_at'] }),
          new TableIndex({ name: 'IDX_agent_reports_target', columnNames: ['target_type', 'target_id', 'status'] }),
        ],
        foreignKeys: [toAgent],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'agent_usage',
        columns: [
          { name: 'agent_id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'user_key', type: 'varchar', length: '80', isPrimary: true },
          { name: 'last_used_at', type: time },
        ],
        indices: [
          new TableIndex({ name: 'IDX_agent_usage_agent_last', columnNames: ['agent_id', 'last_used_at'] }),
          new TableIndex({ name: 'IDX_agent_usage_last', columnNames: ['last_used_at'] }),
        ],
        foreignKeys: [toAgent],
      }),
    );
    await queryRunner.createIndex('messages', new TableIndex({ name: 'IDX_messages_created_at', columnNames: ['created_at'] }));

    await queryRunner.query(`ALTER TABLE ${agents} ADD COLUMN "rating_count" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE ${agents} ADD COLUMN "rating_score" decimal(7,4) NOT NULL DEFAULT ${PRIOR_MEAN}`);
    await queryRunner.query(`UPDATE ${agents} SET "rating" = 0, "popularity" = 0`);
    for (const index of RATING_INDEXES) {
      await queryRunner.dropIndex('agents', index.name);
      await queryRunner.createIndex('agents', new TableIndex({ name: index.name, columnNames: index.columns }));
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const agents = qualifiedName(queryRunner, 'agents');
    for (const index of RATING_INDEXES) {
      await queryRunner.dropIndex('agents', index.name);
      await queryRunner.createIndex('agents', new TableIndex({ name: index.name, columnNames: index.old }));
    }
    await queryRunner.query(`ALTER TABLE ${agents} DROP COLUMN "rating_score"`);
    await queryRunner.query(`ALTER TABLE ${agents} DROP COLUMN "rating_count"`);
    await queryRunner.dropIndex('messages', 'IDX_messages_created_at');
    await queryRunner.dropTable('agent_usage');
    await queryRunner.dropTable('agent_reports');
    await queryRunner.dropTable('agent_reviews');
  }
}
