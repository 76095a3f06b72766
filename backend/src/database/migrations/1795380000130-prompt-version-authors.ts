import { MigrationInterface, QueryRunner } from 'typeorm';
import { qualifiedName } from './sql-names';

/**
 * Prompt versions name their author by public name rather than username (an e-mail address), so
 * that an admin's edit does not show the agent's creator the admin's address (issue 29). The
 * versions stored so far are credited to their author's handle (1795380000100 gave every profile one).
 */
export class PromptVersionAuthors1795380000130 implements MigrationInterface {
  name = 'PromptVersionAuthors1795380000130';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.recredit(queryRunner, 'username', 'handle');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await this.recredit(queryRunner, 'handle', 'username');
  }

  private async recredit(queryRunner: QueryRunner, from: 'username' | 'handle', to: 'username' | 'handle'): Promise<void> {
    const versions = qualifiedName(queryRunner, 'agent_prompt_versions');
    const profiles = qualifiedName(queryRunner, 'user_profiles');
    const author = `(SELECT p.${to} FROM ${profiles} p WHERE p.${from} = LOWER(${versions}.created_by))`;
    await queryRunner.query(`UPDATE ${versions} SET created_by = ${author} WHERE ${author} IS NOT NULL`);
  }
}
