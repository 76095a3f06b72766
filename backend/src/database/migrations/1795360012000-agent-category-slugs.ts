import { MigrationInterface, QueryRunner } from 'typeorm';

/** The agents and the team links that copy them; both carry the agent's category. */
const TABLES = ['agents', 'user_agents'];

// The categories as they were when this migration was written, copied rather than imported: a
// migration must do the same thing whatever later becomes of the code.
const SLUGS = ['legal', 'finance', 'marketing', 'tech', 'hr', 'operations', 'general'];
const SPANISH_NAMES = new Map([
  ['finanzas', 'finance'],
  ['tecnologia', 'tech'],
  ['recursos humanos', 'hr'],
  ['rrhh', 'hr'],
  ['operaciones', 'operations'],
]);

/** A slug, or the slug of a known Spanish name (case, accents and spacing aside); 'general' for anything else. */
function slugOf(category: string): string {
  const text = category.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
  if (SLUGS.includes(text)) return text;
  return SPANISH_NAMES.get(text) ?? 'general';
}

/**
 * Agents saved before categories became a closed list carry any text ('finanzas', 'Tecnología',
 * 'rrhh'…), which the marketplace's filter never matched. Known Spanish names become their slug;
 * anything else becomes 'general'.
 */
export class AgentCategorySlugs1795360012000 implements MigrationInterface {
  name = 'AgentCategorySlugs1795360012000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isPostgres = queryRunner.connection.driver.options.type === 'postgres';
    const schema = isPostgres ? (queryRunner.connection.driver.options as { schema?: string }).schema : undefined;
    for (const table of TABLES) {
      const target = schema ? `"${schema}"."${table}"` : `"${table}"`;
      const rows: { category: string }[] = await queryRunner.query(`SELECT DISTINCT "category" FROM ${target}`);
      for (const { category } of rows) {
        const slug = slugOf(category);
        if (slug === category) continue;
        const [set, where] = isPostgres ? ['$1', '$2'] : ['?', '?'];
        await queryRunner.query(`UPDATE ${target} SET "category" = ${set} WHERE "category" = ${where}`, [slug, category]);
      }
    }
  }

  async down(): Promise<void> {
    // The texts the slugs replaced are not kept; the slugs stay valid categories either way.
  }
}
