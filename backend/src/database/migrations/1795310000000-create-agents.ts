import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { timestampType } from './column-types';

/** The three sample agents of the spec (legal, finance, marketing), public, free and unrated. */
const SAMPLE_AGENTS = [
  {
    id: 'agente-legal',
    name: 'Asesor Legal',
    category: 'legal',
    description:
      'Agente especializado en consultas legales: explica contratos, normativa y trámites con un lenguaje claro y te orienta sobre los siguientes pasos.',
    skills: ['Análisis de contratos', 'Derecho mercantil', 'Protección de datos', 'Redacción de documentos legales'],
    capabilities: ['Revisar cláusulas de contratos', 'Explicar normativa vigente', 'Preparar borradores de documentos'],
    useCases: ['Revisar un contrato de alquiler', 'Entender las obligaciones del RGPD', 'Preparar un acuerdo de confidencialidad'],
    prompt:
      'Eres un asesor legal. Responde en español, con claridad y prudencia. Explica los conceptos jurídicos de forma sencilla y recuerda que tus respuestas no sustituyen el consejo de un abogado colegiado.',
  },
  {
    id: 'agente-finanzas',
    name: 'Analista Financiero',
    category: 'finance',
    description:
      'Agente experto en finanzas: ayuda a interpretar estados financieros, preparar presupuestos y evaluar inversiones para personas y empresas.',
    skills: ['Análisis financiero', 'Presupuestos', 'Planificación fiscal', 'Evaluación de inversiones'],
    capabilities: ['Interpretar balances y cuentas de resultados', 'Calcular ratios financieros', 'Proponer planes de ahorro'],
    useCases: ['Preparar el presupuesto anual de una pyme', 'Comparar dos opciones de inversión', 'Analizar la rentabilidad de un proyecto'],
    prompt:
      'Eres un analista financiero. Responde en español con datos y razonamientos claros. Muestra los cálculos cuando los hagas y recuerda que tus respuestas no son asesoramiento financiero personalizado.',
  },
  {
    id: 'agente-marketing',
    name: 'Estratega de Marketing',
    category: 'marketing',
    description:
      'Agente de marketing digital: diseña estrategias de contenidos, campañas en redes sociales y planes de posicionamiento para tu marca.',
    skills: ['Marketing digital', 'Redes sociales', 'SEO', 'Estrategia de contenidos'],
    capabilities: ['Crear calendarios de contenidos', 'Redactar textos publicitarios', 'Definir públicos objetivo'],
    useCases: ['Lanzar un producto nuevo', 'Planificar una campaña en redes sociales', 'Mejorar el posicionamiento de una web'],
    prompt:
      'Eres un estratega de marketing. Responde en español con propuestas concretas y accionables, adaptadas al público objetivo y al presupuesto del usuario.',
  },
];

export class CreateAgents1795310000000 implements MigrationInterface {
  name = 'CreateAgents1795310000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = timestampType(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'agents',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'category', type: 'varchar', length: '60' },
          { name: 'description', type: 'text' },
          { name: 'avatar', type: 'text', isNullable: true },
          { name: 'skills', type: 'text' },
          { name: 'capabilities', type: 'text' },
          { name: 'use_cases', type: 'text' },
          { name: 'price', type: 'decimal', precision: 10, scale: 2, default: 0 },
          { name: 'rating', type: 'decimal', precision: 3, scale: 2, default: 0 },
          { name: 'popularity', type: 'integer', default: 0 },
          { name: 'model_id', type: 'varchar', length: '200', isNullable: true },
          { name: 'created_by', type: 'varchar', length: '128' },
          { name: 'owner_sub', type: 'varchar', length: '64', isNullable: true },
          { name: 'is_public', type: 'boolean', default: false },
          { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
          { name: 'updated_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          // The marketplace lists public agents sorted by popularity, rating or price.
          new TableIndex({ name: 'IDX_agents_public_popularity', columnNames: ['is_public', 'popularity'] }),
          new TableIndex({ name: 'IDX_agents_public_rating', columnNames: ['is_public', 'rating'] }),
          new TableIndex({ name: 'IDX_agents_public_price', columnNames: ['is_public', 'price'] }),
          new TableIndex({ name: 'IDX_agents_category', columnNames: ['category'] }),
          new TableIndex({ name: 'IDX_agents_owner_sub', columnNames: ['owner_sub'] }),
          new TableIndex({ name: 'IDX_agents_created_by', columnNames: ['created_by'] }),
        ],
      }),
    );
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
          {
            name: 'FK_agent_prompts_agent',
            columnNames: ['agent_id'],
            referencedTableName: 'agents',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );

    for (const sample of SAMPLE_AGENTS) {
      await insertRow(queryRunner, 'agents', {
        id: sample.id,
        name: sample.name,
        category: sample.category,
        description: sample.description,
        skills: JSON.stringify(sample.skills),
        capabilities: JSON.stringify(sample.capabilities),
        use_cases: JSON.stringify(sample.useCases),
        price: 0,
        rating: 0,
        popularity: 0,
        created_by: 'system',
        is_public: true,
      });
      await insertRow(queryRunner, 'agent_prompts', { id: `${sample.id}-prompt`, agent_id: sample.id, prompt: sample.prompt });
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('agent_prompts');
    await queryRunner.dropTable('agents');
  }
}

/**
 * A plain INSERT by column name. Not through the query builder, which would map the table to
 * today's entity and so tie this migration to whatever the entity looks like later.
 */
async function insertRow(queryRunner: QueryRunner, table: string, row: Record<string, string | number | boolean>): Promise<void> {
  const isPostgres = queryRunner.connection.driver.options.type === 'postgres';
  const columns = Object.keys(row);
  const values = columns.map((column) => {
    const value = row[column];
    return typeof value === 'boolean' && !isPostgres ? (value ? 1 : 0) : value;
  });
  const placeholders = columns.map((_, index) => (isPostgres ? `$${index + 1}` : '?'));
  const quoted = columns.map((column) => `"${column}"`).join(', ');
  const schema = isPostgres ? (queryRunner.connection.driver.options as { schema?: string }).schema : undefined;
  const target = schema ? `"${schema}"."${table}"` : `"${table}"`;
  await queryRunner.query(`INSERT INTO ${target} (${quoted}) VALUES (${placeholders.join(', ')})`, values);
}
