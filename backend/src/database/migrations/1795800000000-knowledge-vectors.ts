import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { isPostgres } from './sql-names';

/**
 * The knowledge's passage vectors (issue 32, vector search): one row per passage with the
 * embedding as little-endian Float32 bytes (bytea on PostgreSQL, blob on SQLite) and the model it
 * was made with (`provider:model[:dimensions]`), so that a change of EMBEDDINGS_MODEL is seen
 * passage by passage and re-embedded in the background. A passage's vector goes with it (the
 * foreign key cascades; SQLite's are on). The search is exact cosine in process over an agent's
 * vectors of the current model, read through (agent_id, model): see knowledge/vectors.
 */
export class KnowledgeVectors1795800000000 implements MigrationInterface {
  name = 'KnowledgeVectors1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'knowledge_passage_vectors',
        columns: [
          { name: 'passage_id', type: 'integer', isPrimary: true },
          { name: 'agent_id', type: 'varchar', length: '64' },
          { name: 'model', type: 'varchar', length: '255' },
          { name: 'dimensions', type: 'integer' },
          { name: 'embedding', type: isPostgres(queryRunner) ? 'bytea' : 'blob' },
        ],
        indices: [new TableIndex({ name: 'IDX_knowledge_passage_vectors_agent_model', columnNames: ['agent_id', 'model'] })],
        foreignKeys: [
          {
            name: 'FK_knowledge_passage_vectors_passage',
            columnNames: ['passage_id'],
            referencedTableName: 'knowledge_passages',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('knowledge_passage_vectors');
  }
}
