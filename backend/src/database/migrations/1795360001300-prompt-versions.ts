import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { timestampType } from './column-types';

/**
 * An agent's prompt becomes immutable numbered versions (spec section 3, Prompt version). Which
 * one is current is a pointer row per agent whose (agent, version) pair is a foreign key to the
 * versions: one current per agent by construction, the current version cannot be deleted and a
 * deleted version cannot become current, whatever requests race. The pointer also hands out the
 * version numbers (latest_version), so a number is never used twice, even after a deletion.
 * Each existing prompt is kept as version 1, current. Test cases and the last test run of each
 * version go with them (issue 13).
 */
export class PromptVersions1795360001300 implements MigrationInterface {
  name = 'PromptVersions1795360001300';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = timestampType(queryRunner);
    const agentForeignKey = (name: string) => ({
      name,
      columnNames: ['agent_id'],
      referencedTableName: 'agents',
      referencedColumnNames: ['id'],
      onDelete: 'CASCADE',
    });
    await queryRunner.createTable(
      new Table({
        name: 'agent_prompt_versions',
        columns: [
          { name: 'agent_id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'version', type: 'integer', isPrimary: true },
          { name: 'prompt', type: 'text' },
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'description', type: 'varchar', length: '500', default: "''" },
          { name: 'created_by', type: 'varchar', length: '128' },
          { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
        foreignKeys: [agentForeignKey('FK_agent_prompt_versions_agent')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'agent_current_prompts',
        columns: [
          { name: 'agent_id', type: 'varchar', length: '64', isPrimary: true },
          // Null only inside the transaction that adds an agent's first version.
          { name: 'current_version', type: 'integer', isNullable: true },
          { name: 'latest_version', type: 'integer', default: 0 },
        ],
        foreignKeys: [
          agentForeignKey('FK_agent_current_prompts_agent'),
          {
            name: 'FK_agent_current_prompts_version',
            columnNames: ['agent_id', 'current_version'],
            referencedTableName: 'agent_prompt_versions',
            referencedColumnNames: ['agent_id', 'version'],
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'agent_prompt_test_cases',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'agent_id', type: 'varchar', length: '64' },
          { name: 'question', type: 'text' },
          { name: 'expectation_kind', type: 'varchar', length: '16', isNullable: true },
          { name: 'expectation_value', type: 'varchar', length: '500', isNullable: true },
          { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [new TableIndex({ name: 'IDX_agent_prompt_test_cases_agent', columnNames: ['agent_id', 'created_at'] })],
        foreignKeys: [agentForeignKey('FK_agent_prompt_test_cases_agent')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'agent_prompt_test_runs',
        columns: [
          { name: 'agent_id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'version', type: 'integer', isPrimary: true },
          { name: 'current_version', type: 'integer' },
          { name: 'total', type: 'integer' },
          { name: 'candidate_passed', type: 'integer' },
          { name: 'current_passed', type: 'integer' },
          { name: 'ran_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
        foreignKeys: [
          {
            name: 'FK_agent_prompt_test_runs_version',
            columnNames: ['agent_id', 'version'],
            referencedTableName: 'agent_prompt_versions',
            referencedColumnNames: ['agent_id', 'version'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );

    const table = tableIn(queryRunner);
    await queryRunner.query(
      `INSERT INTO ${table('agent_prompt_versions')} (agent_id, version, prompt, name, description, created_by, created_at)
       SELECT prompts.agent_id, 1, prompts.prompt, 'Versión 1', '', agents.created_by, prompts.updated_at
       FROM ${table('agent_prompts')} prompts JOIN ${table('agents')} agents ON agents.id = prompts.agent_id`,
    );
    await queryRunner.query(
      `INSERT INTO ${table('agent_current_prompts')} (agent_id, current_version, latest_version)
       SELECT agent_id, 1, 1 FROM ${table('agent_prompt_versions')}`,
    );
    await queryRunner.dropTable('agent_prompts');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const timestamp = timestampType(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'agent_prompts',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'agent_id', type: 'varchar', length: '64' },
          { name: 'prompt', type: 'text' },
          { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
          { name: 'updated_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [new TableIndex({ name: 'IDX_agent_prompts_agent_id', columnNames: ['agent_id'], isUnique: true })],
        foreignKeys: [
          { name: 'FK_agent_prompts_agent', columnNames: ['agent_id'], referencedTableName: 'agents', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
      }),
    );
    const table = tableIn(queryRunner);
    await queryRunner.query(
      `INSERT INTO ${table('agent_prompts')} (id, agent_id, prompt)
       SELECT pointer.agent_id || '-prompt', pointer.agent_id, versions.prompt
       FROM ${table('agent_current_prompts')} pointer
       JOIN ${table('agent_prompt_versions')} versions ON versions.agent_id = pointer.agent_id AND versions.version = pointer.current_version`,
    );
    await queryRunner.dropTable('agent_prompt_test_runs');
    await queryRunner.dropTable('agent_prompt_test_cases');
    await queryRunner.dropTable('agent_current_prompts');
    await queryRunner.dropTable('agent_prompt_versions');
  }
}

/** A table's name in raw SQL: in the configured PostgreSQL schema (the tests use one per file). */
function tableIn(queryRunner: QueryRunner): (name: string) => string {
  const isPostgres = queryRunner.connection.driver.options.type === 'postgres';
  const schema = isPostgres ? (queryRunner.connection.driver.options as { schema?: string }).schema : undefined;
  return (name) => (schema ? `"${schema}"."${name}"` : `"${name}"`);
}
