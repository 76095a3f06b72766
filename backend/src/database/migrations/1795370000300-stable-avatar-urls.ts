import { MigrationInterface, QueryRunner } from 'typeorm';

/** The agents and ecosystems, and the team links that copy their avatars. */
const TABLES = ['agents', 'ecosystems', 'user_agents', 'user_ecosystems'];
const CONTENT_PATH = /^\/api\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/content$/i;

/** An uploaded file's content URL (relative or absolute, signed or not) as its unsigned path; else null. */
function stablePath(avatar: string): string | null {
  try {
    const fileId = CONTENT_PATH.exec(new URL(avatar, 'http://localhost').pathname)?.[1];
    return fileId ? `/api/files/${fileId.toLowerCase()}/content` : null;
  } catch {
    return null;
  }
}

/**
 * Avatars were stored as the upload's signed URL, which stops working an hour later. They become
 * the file's unsigned content path, which readers sign when they read it (and which serves a
 * public agent's or ecosystem's avatar as it is). Other avatars (outside images) are left alone.
 */
export class StableAvatarUrls1795370000300 implements MigrationInterface {
  name = 'StableAvatarUrls1795370000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isPostgres = queryRunner.connection.driver.options.type === 'postgres';
    const schema = isPostgres ? (queryRunner.connection.driver.options as { schema?: string }).schema : undefined;
    const [first, second] = isPostgres ? ['$1', '$2'] : ['?', '?'];
    for (const table of TABLES) {
      const target = schema ? `"${schema}"."${table}"` : `"${table}"`;
      const rows: { avatar: string }[] = await queryRunner.query(
        `SELECT DISTINCT "avatar" FROM ${target} WHERE "avatar" LIKE ${first}`,
        ['%/api/files/%/content%'],
      );
      for (const { avatar } of rows) {
        const stable = stablePath(avatar);
        if (stable === null || stable === avatar) continue;
        await queryRunner.query(`UPDATE ${target} SET "avatar" = ${first} WHERE "avatar" = ${second}`, [stable, avatar]);
      }
    }
  }

  async down(): Promise<void> {
    // Signed URLs expire; the unsigned paths are what the app reads either way.
  }
}
