import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex, TableUnique } from 'typeorm';
import { timestampType } from './column-types';

/** The embedded identity service: users, e-mailed codes, sessions, challenges, keys, throttles. */
export class CreateIdentityTables1795312894105 implements MigrationInterface {
  name = 'CreateIdentityTables1795312894105';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = timestampType(queryRunner);
    const now = { type: timestamp, default: 'CURRENT_TIMESTAMP' };
    const userReference = (table: string) =>
      new TableForeignKey({
        name: `fk_${table}_user`,
        columnNames: ['user_sub'],
        referencedTableName: 'identity_users',
        referencedColumnNames: ['sub'],
        onDelete: 'CASCADE',
      });

    await queryRunner.createTable(
      new Table({
        name: 'identity_users',
        columns: [
          { name: 'sub', type: 'varchar', length: '36', isPrimary: true },
          { name: 'username', type: 'varchar', length: '128', isUnique: true },
          { name: 'email', type: 'varchar', length: '320', isUnique: true },
          { name: 'name', type: 'varchar', length: '256', isNullable: true },
          { name: 'email_verified', type: 'boolean', default: false },
          { name: 'status', type: 'varchar', length: '32' },
          { name: 'srp_salt', type: 'varchar', length: '64' },
          { name: 'srp_verifier', type: 'text' },
          { name: 'password_hash', type: 'varchar', length: '255' },
          { name: 'role', type: 'varchar', length: '16', default: "'user'" },
          { name: 'totp_enabled', type: 'boolean', default: false },
          { name: 'email_mfa_enabled', type: 'boolean', default: false },
          { name: 'preferred_mfa', type: 'varchar', length: '32', isNullable: true },
          { name: 'totp_secret', type: 'varchar', length: '128', isNullable: true },
          { name: 'totp_pending_secret', type: 'varchar', length: '128', isNullable: true },
          { name: 'totp_last_step', type: 'integer', isNullable: true },
          { name: 'tokens_valid_after', type: timestamp, isNullable: true },
          { name: 'created_at', ...now },
          { name: 'updated_at', ...now },
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'identity_codes',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'user_sub', type: 'varchar', length: '36' },
          { name: 'purpose', type: 'varchar', length: '32' },
          { name: 'code_hash', type: 'varchar', length: '255' },
          { name: 'attempts', type: 'integer', default: 0 },
          { name: 'expires_at', type: timestamp },
          { name: 'consumed_at', type: timestamp, isNullable: true },
          { name: 'send_count', type: 'integer', default: 1 },
          { name: 'window_started_at', type: timestamp },
          { name: 'created_at', ...now },
        ],
        uniques: [new TableUnique({ name: 'uq_identity_codes_user_purpose', columnNames: ['user_sub', 'purpose'] })],
        foreignKeys: [userReference('identity_codes')],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'identity_refresh_tokens',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'user_sub', type: 'varchar', length: '36' },
          { name: 'client_id', type: 'varchar', length: '128' },
          { name: 'token_hash', type: 'varchar', length: '64', isUnique: true },
          { name: 'auth_time', type: timestamp },
          { name: 'expires_at', type: timestamp },
          { name: 'revoked_at', type: timestamp, isNullable: true },
          { name: 'created_at', ...now },
        ],
        indices: [new TableIndex({ name: 'idx_identity_refresh_tokens_user', columnNames: ['user_sub'] })],
        foreignKeys: [userReference('identity_refresh_tokens')],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'identity_auth_challenges',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'session_hash', type: 'varchar', length: '64', isUnique: true },
          { name: 'kind', type: 'varchar', length: '32' },
          // No foreign key: a decoy challenge for an unknown user has no user.
          { name: 'user_sub', type: 'varchar', length: '36', isNullable: true },
          { name: 'client_id', type: 'varchar', length: '128' },
          { name: 'srp_client_public', type: 'text', isNullable: true },
          { name: 'srp_private', type: 'text', isNullable: true },
          { name: 'authenticated_at', type: timestamp, isNullable: true },
          { name: 'attempts', type: 'integer', default: 0 },
          { name: 'expires_at', type: timestamp },
          { name: 'created_at', ...now },
        ],
        indices: [new TableIndex({ name: 'idx_identity_auth_challenges_expires', columnNames: ['expires_at'] })],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'identity_signing_keys',
        columns: [
          { name: 'kid', type: 'varchar', length: '64', isPrimary: true },
          { name: 'algorithm', type: 'varchar', length: '16' },
          { name: 'public_jwk', type: 'text' },
          { name: 'private_key_pem', type: 'text' },
          { name: 'created_at', ...now },
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'identity_sign_in_throttles',
        columns: [
          { name: 'key', type: 'varchar', length: '200', isPrimary: true },
          { name: 'failures', type: 'integer', default: 0 },
          { name: 'window_started_at', type: timestamp },
          { name: 'locked_until', type: timestamp, isNullable: true },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'identity_sign_in_throttles',
      'identity_signing_keys',
      'identity_auth_challenges',
      'identity_refresh_tokens',
      'identity_codes',
      'identity_users',
    ]) {
      await queryRunner.dropTable(table);
    }
  }
}
