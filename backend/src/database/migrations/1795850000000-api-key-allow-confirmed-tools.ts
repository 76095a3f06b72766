import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * Whether a key's calls may run an agent's tools marked 'Pide confirmación' (issue 33): nobody is
 * there to allow them, so only a key created with allowConfirmedTools does. Keys made before: no.
 */
export class ApiKeyAllowConfirmedTools1795850000000 implements MigrationInterface {
  name = 'ApiKeyAllowConfirmedTools1795850000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('api_keys', new TableColumn({ name: 'allow_confirmed_tools', type: 'boolean', default: false }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('api_keys', 'allow_confirmed_tools');
  }
}
