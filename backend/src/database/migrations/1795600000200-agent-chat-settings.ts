import { MigrationInterface, QueryRunner } from 'typeorm';
import { qualifiedName } from './sql-names';

/**
 * An agent's conversation starters (up to four questions an empty chat offers), and the
 * temperature and longest answer (tokens) its model is asked with (issue 31). Agents made before
 * have no starters and leave both to the provider (null). Plain ALTER TABLE, as in
 * AgentEcosystemConsent: TypeORM's addColumn rebuilds the table on SQLite and would drop the
 * agents' search triggers and price indexes.
 */
export class AgentChatSettings1795600000200 implements MigrationInterface {
  name = 'AgentChatSettings1795600000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    const agents = qualifiedName(queryRunner, 'agents');
    await queryRunner.query(`ALTER TABLE ${agents} ADD COLUMN "conversation_starters" text NOT NULL DEFAULT '[]'`);
    await queryRunner.query(`ALTER TABLE ${agents} ADD COLUMN "temperature" decimal(3,2)`);
    await queryRunner.query(`ALTER TABLE ${agents} ADD COLUMN "max_answer_tokens" integer`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const agents = qualifiedName(queryRunner, 'agents');
    await queryRunner.query(`ALTER TABLE ${agents} DROP COLUMN "max_answer_tokens"`);
    await queryRunner.query(`ALTER TABLE ${agents} DROP COLUMN "temperature"`);
    await queryRunner.query(`ALTER TABLE ${agents} DROP COLUMN "conversation_starters"`);
  }
}
