import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { timestampType } from './column-types';

/** Each user's own system prompt for the main assistant (POST /users/{id}/nova-prompt). */
export class CreateAssistantPrompts1795340005102 implements MigrationInterface {
  name = 'CreateAssistantPrompts1795340005102';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = timestampType(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'assistant_prompts',
        columns: [
          { name: 'user_sub', type: 'varchar', length: '64', isPrimary: true },
          { name: 'prompt', type: 'text' },
          { name: 'updated_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('assistant_prompts');
  }
}
