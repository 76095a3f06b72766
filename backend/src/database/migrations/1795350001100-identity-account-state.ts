import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * Identity accounts an operator can disable, an SRP verifier for sign-in by e-mail (so that the
 * challenge need not reveal the username), and the SRP user id a sign-in challenge gave out.
 */
export class IdentityAccountState1795350001100 implements MigrationInterface {
  name = 'IdentityAccountState1795350001100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('identity_users', [
      new TableColumn({ name: 'enabled', type: 'boolean', default: true }),
      new TableColumn({ name: 'srp_email_verifier', type: 'text', isNullable: true }),
    ]);
    await queryRunner.addColumn('identity_auth_challenges', new TableColumn({ name: 'srp_user_id', type: 'text', isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('identity_auth_challenges', 'srp_user_id');
    await queryRunner.dropColumns('identity_users', ['srp_email_verifier', 'enabled']);
  }
}
