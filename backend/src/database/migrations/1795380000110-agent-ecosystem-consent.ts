import { MigrationInterface, QueryRunner } from 'typeorm';
import { isPostgres, qualifiedName } from './sql-names';

/**
 * Whether an agent's creator lets others sell it inside their ecosystems, and the least they are
 * owed for it a month per subscriber (issue 29). Nobody has agreed yet: off for every agent.
 * Plain ALTER TABLE rather than TypeORM's addColumn: on SQLite that rebuilds the table, which
 * drops the full-text search triggers and the hand-written price indexes of the agents table.
 */
export class AgentEcosystemConsent1795380000110 implements MigrationInterface {
  name = 'AgentEcosystemConsent1795380000110';

  async up(queryRunner: QueryRunner): Promise<void> {
    const agents = qualifiedName(queryRunner, 'agents');
    const no = isPostgres(queryRunner) ? 'false' : '0';
    await queryRunner.query(`ALTER TABLE ${agents} ADD COLUMN "ecosystem_inclusion_allowed" boolean NOT NULL DEFAULT ${no}`);
    await queryRunner.query(`ALTER TABLE ${agents} ADD COLUMN "ecosystem_minimum_price" decimal(10,2) NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const agents = qualifiedName(queryRunner, 'agents');
    await queryRunner.query(`ALTER TABLE ${agents} DROP COLUMN "ecosystem_minimum_price"`);
    await queryRunner.query(`ALTER TABLE ${agents} DROP COLUMN "ecosystem_inclusion_allowed"`);
  }
}
