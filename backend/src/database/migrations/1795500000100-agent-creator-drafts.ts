import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { timestampType } from './column-types';

/**
 * Issue 31: one creator conversation per draft. Each creator conversation keeps its draft as it
 * last stood, and the agent it changes or created, so that a visit to the creator goes on with the
 * draft under way (or the agent's conversation) instead of opening another one, and reopening it
 * shows the draft. Goes with its conversation.
 */
export class AgentCreatorDrafts1795500000100 implements MigrationInterface {
  name = 'AgentCreatorDrafts1795500000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'agent_creator_drafts',
        columns: [
          { name: 'conversation_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'user_sub', type: 'varchar', length: '64' },
          { name: 'agent_id', type: 'varchar', length: '64', isNullable: true },
          { name: 'draft', type: 'text' },
          { name: 'updated_at', type: timestampType(queryRunner) },
        ],
        indices: [new TableIndex({ name: 'IDX_agent_creator_drafts_user', columnNames: ['user_sub', 'agent_id', 'updated_at'] })],
        foreignKeys: [
          {
            name: 'FK_agent_creator_drafts_conversation',
            columnNames: ['conversation_id'],
            referencedTableName: 'conversations',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('agent_creator_drafts');
  }
}
