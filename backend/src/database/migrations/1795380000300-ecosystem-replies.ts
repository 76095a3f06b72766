import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { timestampType } from './column-types';
import { isPostgres, qualifiedName } from './sql-names';

interface StoredConversation {
  id: string;
  user_sub: string;
  metadata: string | null;
}

interface StoredReply {
  id: string;
  metadata: string | null;
  timestamp: unknown;
}

/**
 * Issue 29: every agent's reply in an ecosystem's chat or collaboration session is recorded, one
 * row per agent, and a bundle's revenue is split by those rows. Sessions keep the ecosystem they
 * answer. The replies already stored in ecosystem conversations (an agent's model answered:
 * `model_id` set, not a failure notice) are copied in, so that the split of the month under way
 * keeps them.
 */
export class EcosystemReplies1795380000300 implements MigrationInterface {
  name = 'EcosystemReplies1795380000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'ecosystem_replies',
        columns: [
          { name: 'id', type: 'varchar', length: '160', isPrimary: true },
          { name: 'ecosystem_id', type: 'varchar', length: '64' },
          { name: 'agent_id', type: 'varchar', length: '64' },
          { name: 'user_sub', type: 'varchar', length: '64' },
          { name: 'conversation_id', type: 'varchar', length: '36', isNullable: true },
          { name: 'session_id', type: 'varchar', length: '36', isNullable: true },
          { name: 'replied_at', type: timestampType(queryRunner) },
        ],
        indices: [new TableIndex({ name: 'IDX_ecosystem_replies_user', columnNames: ['ecosystem_id', 'user_sub', 'replied_at'] })],
      }),
    );
    await queryRunner.addColumn('collaboration_sessions', new TableColumn({ name: 'ecosystem_id', type: 'varchar', length: '64', isNullable: true }));
    await this.copyStoredReplies(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('collaboration_sessions', 'ecosystem_id');
    await queryRunner.dropTable('ecosystem_replies');
  }

  private async copyStoredReplies(queryRunner: QueryRunner): Promise<void> {
    const p = (index: number) => (isPostgres(queryRunner) ? `$${index}` : '?');
    const conversations: StoredConversation[] = await queryRunner.query(
      `SELECT "id", "user_sub", "metadata" FROM ${qualifiedName(queryRunner, 'conversations')} WHERE "metadata" LIKE ${p(1)}`,
      ['%"ecosystemId"%'],
    );
    for (const conversation of conversations) {
      const ecosystemId = parse<{ ecosystemId?: unknown }>(conversation.metadata)?.ecosystemId;
      if (typeof ecosystemId !== 'string' || ecosystemId === '') continue;
      const replies: StoredReply[] = await queryRunner.query(
        `SELECT "id", "metadata", "timestamp" FROM ${qualifiedName(queryRunner, 'messages')} WHERE "conversation_id" = ${p(1)} AND "role" = 'assistant' AND "status" <> 'failed' AND "model_id" IS NOT NULL`,
        [conversation.id],
      );
      for (const reply of replies) {
        const agentId = parse<{ agentId?: unknown }>(reply.metadata)?.agentId;
        if (typeof agentId !== 'string' || agentId === '' || agentId.length > 64) continue;
        await queryRunner.query(
          `INSERT INTO ${qualifiedName(queryRunner, 'ecosystem_replies')} ("id", "ecosystem_id", "agent_id", "user_sub", "conversation_id", "session_id", "replied_at") VALUES (${[1, 2, 3, 4, 5].map(p).join(', ')}, NULL, ${p(6)})`,
          [`chat:${conversation.id}:${reply.id}`, ecosystemId.slice(0, 64), agentId, conversation.user_sub, conversation.id, reply.timestamp],
        );
      }
    }
  }
}

function parse<T>(json: string | null): T | null {
  try {
    return json ? (JSON.parse(json) as T) : null;
  } catch {
    return null;
  }
}
