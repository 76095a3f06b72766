import { createHash } from 'node:crypto';
import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { qualifiedName } from './sql-names';

/**
 * Creators' public names (issue 29): usernames made at sign-up are e-mail addresses, and agents
 * and ecosystems showed them as `createdBy` to every visitor. Each profile gets a handle (unique,
 * chosen in 'Mi perfil'); the existing ones get the default the users module gives new profiles
 * (kept in step by hand: a migration does not import live code), and the agents and ecosystems
 * credited to a username are credited to its owner's handle instead.
 */
const HANDLE = /^[a-z0-9](?:[a-z0-9._-]{1,28}[a-z0-9])$/;
const RESERVED = new Set(['admin', 'system']);
const SUBJECT_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function defaultHandle(username: string, sub: string, taken: Set<string>): string {
  const name = username.toLowerCase();
  if (HANDLE.test(name) && !RESERVED.has(name) && !SUBJECT_SHAPE.test(name) && !taken.has(name)) return name;
  const digest = createHash('sha256').update(sub).digest('hex');
  for (let length = 8; ; length += 4) {
    const candidate = `usuario-${digest.slice(0, length)}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export class UserHandles1795380000100 implements MigrationInterface {
  name = 'UserHandles1795380000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('user_profiles', new TableColumn({ name: 'handle', type: 'varchar', length: '30', isNullable: true }));
    await queryRunner.createIndex('user_profiles', new TableIndex({ name: 'IDX_user_profiles_handle', columnNames: ['handle'], isUnique: true }));
    const profiles = await queryRunner.query(`SELECT id, username FROM ${qualifiedName(queryRunner, 'user_profiles')} ORDER BY created_at, id`);
    const taken = new Set<string>();
    for (const { id, username } of profiles as { id: string; username: string }[]) {
      const handle = defaultHandle(username, id, taken);
      taken.add(handle);
      const parameter = (index: number) => (queryRunner.connection.driver.options.type === 'postgres' ? `$${index}` : '?');
      await queryRunner.query(`UPDATE ${qualifiedName(queryRunner, 'user_profiles')} SET handle = ${parameter(1)} WHERE id = ${parameter(2)}`, [handle, id]);
      for (const table of ['agents', 'ecosystems']) {
        await queryRunner.query(
          `UPDATE ${qualifiedName(queryRunner, table)} SET created_by = ${parameter(1)} WHERE owner_sub = ${parameter(2)} AND LOWER(created_by) = ${parameter(3)}`,
          [handle, id, username.toLowerCase()],
        );
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['agents', 'ecosystems']) {
      await queryRunner.query(
        `UPDATE ${qualifiedName(queryRunner, table)} SET created_by = (SELECT p.username FROM ${qualifiedName(queryRunner, 'user_profiles')} p WHERE p.id = ${qualifiedName(queryRunner, table)}.owner_sub)
         WHERE created_by = (SELECT p.handle FROM ${qualifiedName(queryRunner, 'user_profiles')} p WHERE p.id = ${qualifiedName(queryRunner, table)}.owner_sub)`,
      );
    }
    await queryRunner.dropIndex('user_profiles', 'IDX_user_profiles_handle');
    await queryRunner.dropColumn('user_profiles', 'handle');
  }
}
